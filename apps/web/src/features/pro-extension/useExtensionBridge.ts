import { useCallback, useEffect, useRef, useState } from 'react';
import { extensionMessage, helloMessage, pairMessage } from './bridge';

/** How long the page waits for the extension to say it is here before saying it is not. */
const LOOK_MS = 1_500;
/** How long a pairing may take the extension before the page gives up on it. */
const PAIR_MS = 10_000;

export type BridgeState =
  | { kind: 'looking' }
  | { kind: 'absent' }
  | { kind: 'present'; version: string; installId: string; member: { id: number; first: string } | null };

export type PairResult = { ok: true; member: { id: number; first: string } } | { ok: false; message: string };

/**
 * Whether the extension is installed in this browser and for whom it works, and the way to hand it
 * its session (PX2). It listens for as long as the page is open, so an extension installed while
 * the page shows "not installed" is seen as soon as its welcome script runs.
 */
export function useExtensionBridge(): {
  state: BridgeState;
  pair: (token: string, member: { id: number; first: string }) => Promise<PairResult>;
} {
  const [state, setState] = useState<BridgeState>({ kind: 'looking' });
  const waiting = useRef<((result: PairResult) => void) | null>(null);

  useEffect(() => {
    const self = { origin: window.location.origin, window };
    const listener = (event: MessageEvent) => {
      const message = extensionMessage(event, self);
      if (!message) return;
      if (message.type === 'present') {
        setState({
          kind: 'present',
          version: message.version,
          installId: message.install_id,
          member: message.member,
        });
      } else if (message.type === 'paired') {
        setState((s) => (s.kind === 'present' ? { ...s, member: message.member } : s));
        waiting.current?.({ ok: true, member: message.member });
      } else {
        waiting.current?.({ ok: false, message: message.message });
      }
    };
    window.addEventListener('message', listener);
    window.postMessage(helloMessage(), window.location.origin);
    const timer = window.setTimeout(
      () => setState((s) => (s.kind === 'looking' ? { kind: 'absent' } : s)),
      LOOK_MS,
    );
    return () => {
      window.removeEventListener('message', listener);
      window.clearTimeout(timer);
    };
  }, []);

  const pair = useCallback(
    (token: string, member: { id: number; first: string }) =>
      new Promise<PairResult>((resolve) => {
        const timer = window.setTimeout(() => {
          waiting.current = null;
          resolve({ ok: false, message: 'The extension did not answer. Reload this page and try again.' });
        }, PAIR_MS);
        waiting.current = (result) => {
          window.clearTimeout(timer);
          waiting.current = null;
          resolve(result);
        };
        window.postMessage(pairMessage(token, member), window.location.origin);
      }),
    [],
  );

  return { state, pair };
}
