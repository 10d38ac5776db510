import { z } from 'zod';
import { operation } from './operation.js';
import { idSchema } from './common.js';

/**
 * The Pro browser extension (D15.1, docs/domain.md PX1-PX12): a Manifest V3 extension that does a
 * Pro member's IMDb views. It pairs with the member's session on the welcome page (/v5/pro), then
 * works through earnPoints/fetchListings, startAction and recordCorrectAnswer with a session of its
 * own, which no other call accepts (PX3).
 */

/** The page the extension opens once installed, and where members pair it and find it (spec 1 §2). */
export const WELCOME_PATH = '/v5/pro/';
export const WELCOME_URL = '/v5/pro/?welcome=yes';
/** Where the current version is downloaded: the zip of the extension, made for this site (PX10). */
export const downloadPath = (version: string) => `/v5/pro/download/marquee-pro-${version}.zip`;

export const PRO_EXTENSION = {
  /** A paired extension counts as running (`oeb`) while it said so this recently (PX6). */
  runningWithinSeconds: 120,
  /** The extension answers no sooner than this after Start (the server asks 5 s, D11.1). */
  answerAfterStartSeconds: 6,
  /** ... and at most once in this many seconds, inside the 6 credits a minute of D11.1. */
  secondsBetweenAnswers: 11,
  /** Listings it asks for at a time. */
  batchSize: 5,
  /** Browsers one member may have paired at once (PX2). */
  maxPairings: 5,
} as const;

/** Whether version `a` ("1.2.0") is older than `b`, part by part as numbers (PX10). */
export function isOlderVersion(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

export const RUN_STATES = ['running', 'paused', 'stopped'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** Why a run stopped by itself (PX7), or the member's pause. */
export const STOP_REASONS = ['done', 'pointsmaxed', 'nolistings', 'not_pro', 'error', 'paused'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** The member-facing words of each stop (the popup, the welcome page). */
export const STOP_WORDS: Record<StopReason, string> = {
  done: 'Stopped: today’s Daily Actions are used up. They start again at midnight Pacific time.',
  pointsmaxed: 'Stopped: you have reached the IMDb points maximum. Spend some points to earn again.',
  nolistings: 'Stopped: there are no more IMDb listings for you right now. Try again later.',
  not_pro: 'Stopped: the extension is for Pro members.',
  error: 'Stopped: Marquee could not be reached. Resume to try again.',
  paused: 'Paused.',
};

export const EXTENSION_MESSAGES = {
  /** A lapsed Pro member's extension (D15.1): every call it makes is refused with this. */
  proEnded:
    'Your Pro membership has ended, so the Marquee extension has stopped. Renew Pro on the Membership page to let it do your IMDb views again.',
  /** A member who is not Pro pairing, or their extension calling. */
  proOnly: 'The Marquee extension is for Pro members. Upgrade to Pro to let it do your IMDb views.',
  managed:
    'Managed Rank members do not do IMDb views: yours are handled for you, so the extension is not needed.',
  /** The extension's session asking for anything but its own calls (PX3). */
  notForExtension: 'The Marquee extension cannot make this call.',
  /** A browser session asking for a call only the extension makes. */
  extensionOnly: 'This call is made by the Marquee extension.',
  imdbOnly: 'The Marquee extension does IMDb views only.',
  tooManyPairings: `You have paired the extension in ${PRO_EXTENSION.maxPairings} browsers already. Unpair one of them on this page first.`,
  staffCannotPair: "Staff using a member's account cannot pair the extension.",
  paired: 'The extension is paired. It is starting your IMDb views.',
  unpaired: 'The extension is signed out of this browser.',
  noSuchPairing: 'There is no such paired browser among yours.',
  notBuilt: 'The extension is not available on this site right now.',
} as const;

/** One browser the member paired, as the welcome page lists it. */
export interface Pairing {
  id: number;
  /** The browser as its user agent names it ("Chrome 131 on Windows"). */
  browser: string;
  version: string;
  /** A newer version can be downloaded. */
  outdated: boolean;
  paired_at: string;
  last_seen_ago: string;
  state: RunState;
  reason: StopReason | null;
  /** The state in words ("Running", "Paused", "Stopped: ..."). */
  state_words: string;
  /** Whether this is running now (`oeb`, PX6). */
  running: boolean;
}

/** Today's work of the member's extensions (Pacific day), for the popup and the earn page (PX6). */
export interface ExtensionToday {
  views: number;
  points: number;
}

const installId = z
  .string({ error: 'The extension did not say which installation it is. Please reinstall it.' })
  .regex(/^[A-Za-z0-9-]{8,64}$/, {
    error: 'The extension did not say which installation it is. Please reinstall it.',
  });
const version = z
  .string({ error: 'The extension did not say its version. Please reinstall it.' })
  .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, {
    error: 'The extension did not say its version. Please reinstall it.',
  });

/** The welcome page pairs the extension in this browser with the member's session (PX2). */
export const pair = operation<{
  status: 'success';
  /** The extension's own session token: the page hands it to the extension, never to the member. */
  token: string;
  member: { id: number; first: string };
  pairing: Pairing;
  message: string;
}>()({
  method: 'POST',
  path: 'proExtension/pair',
  audience: 'member',
  input: z.object({
    install_id: installId,
    version,
    browser: z.string().max(300, { error: 'The browser name is too long.' }).optional(),
  }),
});

/** The welcome page: the member's paired browsers and the current version (PX2, PX10). */
export const fetchPairings = operation<{
  status: 'success';
  /** Whether this member may use the extension now, and if not, why (`message`). */
  pro: boolean;
  message: string;
  current_version: string | null;
  download_url: string | null;
  pairings: Pairing[];
  today: ExtensionToday;
}>()({
  method: 'GET',
  path: 'proExtension/fetchPairings',
  audience: 'member',
  input: z.object({}),
});

/**
 * Signs an extension out: the welcome page names the paired browser; the extension itself signs out
 * its own session (its popup's Sign out).
 */
export const unpair = operation<{ status: 'success'; message: string }>()({
  method: 'POST',
  path: 'proExtension/unpair',
  audience: 'member',
  extension: 'paired',
  input: z.object({ pairing_id: idSchema('paired browser').optional() }),
});

/** The extension's popup: who it works for, whether it may, and today's views (PX8). */
export const fetchStatus = operation<{
  status: 'success';
  member: { id: number; first: string };
  /** False once Pro has lapsed: `message` says why and the extension stops (D15.1). */
  pro: boolean;
  message: string;
  points: number;
  actions: number;
  max: number;
  today: ExtensionToday;
  state: RunState;
  reason: StopReason | null;
  current_version: string | null;
  download_url: string | null;
}>()({
  method: 'GET',
  path: 'proExtension/fetchStatus',
  audience: 'member',
  extension: 'paired',
  input: z.object({}),
});

/** The extension says it is running, paused or stopped and why (PX6, PX7); `oeb` follows it. */
export const reportState = operation<{ status: 'success'; state: RunState }>()({
  method: 'POST',
  path: 'proExtension/reportState',
  audience: 'member',
  extension: 'paired',
  input: z.object({
    state: z.enum(RUN_STATES, { error: 'Please say whether the extension is running, paused or stopped.' }),
    reason: z.enum(STOP_REASONS, { error: 'That is not a reason the extension stops for.' }).optional(),
    version,
  }),
});

/**
 * The welcome page and the extension's script on it talk through window messages, each marked with
 * where it comes from (PX2). Only a page of the site itself reaches that script, and each side
 * reads only messages from its own window.
 */
export const BRIDGE = { fromPage: 'marquee-pro-page', fromExtension: 'marquee-pro-extension' } as const;

export type PageMessage =
  | { source: typeof BRIDGE.fromPage; type: 'hello' }
  | { source: typeof BRIDGE.fromPage; type: 'pair'; token: string; member: { id: number; first: string } };

export type ExtensionMessage =
  | {
      source: typeof BRIDGE.fromExtension;
      type: 'present';
      version: string;
      install_id: string;
      /** The member it works for now, or null when it is not paired. */
      member: { id: number; first: string } | null;
    }
  | { source: typeof BRIDGE.fromExtension; type: 'paired'; member: { id: number; first: string } }
  | { source: typeof BRIDGE.fromExtension; type: 'pair_failed'; message: string };
