import type { OutputOf } from '@marquee/contract/operation';
import type * as proExtension from '@marquee/contract/pro-extension';
import { idleProgress, type RunProgress } from './runner.ts';

/**
 * What the extension keeps in the browser (chrome.storage.local, its own and nobody else's): the
 * installation's id, its pairing (the session token of PX3, which never leaves the background and
 * Marquee), the run's progress and Marquee's last status, which the popup shows.
 */

export interface Pairing {
  token: string;
  member: { id: number; first: string };
}

export type MarqueeStatus = Omit<OutputOf<typeof proExtension.fetchStatus>, 'status'> & { at: number };

export interface Kept {
  installId: string;
  pairing: Pairing | null;
  run: RunProgress;
  status: MarqueeStatus | null;
}

export async function readKept(): Promise<Kept> {
  const got = (await chrome.storage.local.get(['installId', 'pairing', 'run', 'status'])) as Partial<Kept>;
  return {
    installId: got.installId ?? (await newInstallId()),
    pairing: got.pairing ?? null,
    run: got.run ?? idleProgress(),
    status: got.status ?? null,
  };
}

/** The installation's own random id, made once: pairing the same browser again replaces its pairing (PX2). */
async function newInstallId(): Promise<string> {
  const installId = crypto.randomUUID();
  await chrome.storage.local.set({ installId });
  return installId;
}

export const keep = (change: Partial<Kept>) => chrome.storage.local.set(change);

/** Signing out or being unpaired forgets the member: token, run and status. */
export const forgetPairing = () =>
  chrome.storage.local.set({ pairing: null, status: null, run: { ...idleProgress(), state: 'unpaired' } });
