import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errors } from '@marquee/contract';
import { FullScreenState } from '../../ui/FullScreenState';
import { call } from '../api';

interface State {
  crashed: boolean;
}

/** Catches a render crash anywhere below, reports it to the server and shows the fallback (spec 4 §8). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    // Clipped as the server keeps them, so a deep crash still fits the report's size cap.
    const max = errors.REPORT_TEXT_MAX;
    call(errors.logErrorBoundaryCatch, {
      error: text.slice(0, max.error),
      info: (info.componentStack ?? '').slice(0, max.info),
      url: window.location.href.slice(0, max.url),
    }).catch((reportFailure: unknown) =>
      console.warn('Marquee: the crash report was not sent', reportFailure),
    );
  }

  override render(): ReactNode {
    if (!this.state.crashed) return this.props.children;
    return <CrashScreen />;
  }
}

export function CrashScreen() {
  return (
    <FullScreenState title="Something has gone wrong with the application...">
      <p role="alert">We have logged the error...</p>
      <p>
        Reloading the page usually gets things going again. If it keeps happening, please tell us what you
        were doing at <a href="mailto:support@marquee.local">support@marquee.local</a>.
      </p>
      <button type="button" className="btn btn-accent btn-lg mt-2" onClick={() => window.location.reload()}>
        Reload
      </button>
    </FullScreenState>
  );
}
