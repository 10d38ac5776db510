import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../ui/Wordmark';
import { usePageTitle } from '../../ui/usePageTitle';
import { FOUNDED } from '../../app/site';

/** The signed-out screens: the wordmark and pitch above a card, centred on the indigo backdrop. */
export function AuthFrame({
  title,
  wide = false,
  children,
  below,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
  /** Links under the card. */
  below?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="mq-backdrop mq-on-indigo">
      <main className={wide ? 'mq-auth mq-auth--wide' : 'mq-auth'}>
        <div className="mq-auth__brand">
          <Wordmark size={40} />
          <p className="mq-auth__pitch">The members-only points exchange for film and TV professionals.</p>
        </div>
        <div className="card">
          <div className="card-body p-4 p-sm-5">{children}</div>
        </div>
        {below && <div className="mq-auth__foot">{below}</div>}
      </main>
      <footer className="mq-auth__foot small opacity-75">
        <Link to="/privacy">Privacy</Link> · <Link to="/terms">Terms</Link> · © {FOUNDED}–
        {new Date().getFullYear()} Marquee
      </footer>
    </div>
  );
}

/** The message to show for a failed call in a form. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
