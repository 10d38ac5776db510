import { useEffect, useRef, useState } from 'react';
import { membership, type CurrentUser } from '@marquee/contract';

const { SUBSCRIPTION_CHECK } = membership;

export type SubscriptionCheckState =
  { kind: 'checking'; checks: number } | { kind: 'found'; user: CurrentUser } | { kind: 'notFound' };

/**
 * The check after a checkout (spec 3 §4, spec 4 §4): asks `check` at once, then again every 5 s while
 * the answer is 'retry', at most 10 times in all (the server's count or this page's, whichever is
 * more), then says it was not found. A failed call is only logged (spec 4 §8) and counts as a try.
 * `onFound` gets the member with their new level once, when the payment is found.
 */
export function useSubscriptionCheck(
  check: (signal: AbortSignal) => Promise<membership.SubscriptionCheckAnswer>,
  onFound: (user: CurrentUser) => void,
): SubscriptionCheckState {
  const [state, setState] = useState<SubscriptionCheckState>({ kind: 'checking', checks: 0 });
  // The latest callbacks, without starting the checks again when they change.
  const calls = useRef({ check, onFound });
  useEffect(() => {
    calls.current = { check, onFound };
  });

  useEffect(() => {
    let timer: number | undefined;
    let tries = 0;
    const controller = new AbortController();
    const again = (checks: number) => {
      if (checks >= SUBSCRIPTION_CHECK.maxChecks) {
        setState({ kind: 'notFound' });
        return;
      }
      setState({ kind: 'checking', checks });
      timer = window.setTimeout(run, SUBSCRIPTION_CHECK.everyMs);
    };
    const run = () => {
      tries += 1;
      calls.current.check(controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          if (answer.status === 'success') {
            setState({ kind: 'found', user: answer.user });
            calls.current.onFound(answer.user);
          } else {
            again(Math.max(answer.subchecks, tries));
          }
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('Marquee: subscription check failed', error);
          again(tries);
        },
      );
    };
    run();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, []);

  return state;
}
