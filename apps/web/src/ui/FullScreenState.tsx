import type { ReactNode } from 'react';
import { Wordmark } from './Wordmark';
import { usePageTitle } from './usePageTitle';

/** The indigo full-screen states: version update, storage disabled, crash, no connection. */
export function FullScreenState({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <main className="mq-backdrop mq-on-indigo">
      <div className="mq-state">
        <Wordmark size={44} />
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
