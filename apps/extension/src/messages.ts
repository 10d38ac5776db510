import type { Pairing } from './storage.ts';

/** What the extension's own parts ask its background (chrome.runtime messages). */
export type BackgroundRequest =
  /** The welcome page's script: is the extension here, and for whom (PX2)? */
  | { kind: 'bridge-hello' }
  /** The welcome page's script: the member paired this browser; here is the extension's session. */
  | { kind: 'bridge-pair'; token: string; member: Pairing['member'] }
  /** The popup: fetch Marquee's status again, pause, resume, sign out. */
  | { kind: 'popup-refresh' }
  | { kind: 'popup-pause' }
  | { kind: 'popup-resume' }
  | { kind: 'popup-signout' };

export type HelloAnswer = { version: string; install_id: string; member: Pairing['member'] | null };
export type PairAnswer = { ok: true; member: Pairing['member'] } | { ok: false; message: string };

export const ask = <T>(request: BackgroundRequest) => chrome.runtime.sendMessage(request) as Promise<T>;
