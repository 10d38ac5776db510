import { proExtension } from '@marquee/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import { refuseWhileImpersonating, type Caller, type ExtensionGate } from '../../platform/auth.js';
import { AppError, badInput, conflict, forbidden, loggedOut, notFound } from '../../platform/errors.js';
import { pacificDay, pacificMidnight, addDays, timeAgo } from '../../platform/time.js';
import { findMember } from '../members/index.js';
import { membershipOf } from '../membership/index.js';
import { memberToday } from '../points/index.js';
import { endSession, startExtensionSession, type RequestOrigin } from '../login/index.js';
import {
  deletePairing,
  extensionDay,
  hasRunningPairing,
  insertPairing,
  livePairingOf,
  livePairings,
  lockPairingsOf,
  pairingOfInstall,
  pairingOfSession,
  setPairingState,
  touchPairing,
  type PairingRow,
} from './pro-extension.repo.js';
import {
  browserName,
  extensionRefusal,
  isRunning,
  isStopReason,
  stateWords,
} from './pro-extension.policy.js';
import { currentExtension } from './pro-extension.package.js';

const { EXTENSION_MESSAGES, PRO_EXTENSION } = proExtension;

/** Refused because the member is not (or no longer) Pro: 403, with `extra` the extension reads (PX4). */
const notPro = (message: string) => new AppError(403, 'error', message, 'not_pro');

async function memberOf(db: Db, userId: number, now: Date) {
  const member = await findMember(db, userId);
  if (!member) throw loggedOut();
  const { membership } = membershipOf(member, now);
  return {
    member,
    membership,
    refusal: extensionRefusal({ membership, proExpires: member.proExpires }, now),
  };
}

/** The extension's calls are its own (PX3): a browser's session asking for them is told so. */
function requireExtension(caller: Caller): void {
  if (!caller.extension) throw forbidden(EXTENSION_MESSAGES.extensionOnly);
}

function presentPairing(p: PairingRow, now: Date, current: string | null): proExtension.Pairing {
  return {
    id: p.id,
    browser: p.browser,
    version: p.version,
    outdated: current !== null && proExtension.isOlderVersion(p.version, current),
    paired_at: p.pairedAt.toISOString(),
    last_seen_ago: timeAgo(p.lastSeenAt, now),
    state: p.state as proExtension.RunState,
    reason: p.reason && isStopReason(p.reason) ? p.reason : null,
    state_words: stateWords(p, now),
    running: isRunning(p, now),
  };
}

/** The Pacific day of `now` as a range of instants. */
function dayRange(now: Date) {
  const day = pacificDay(now);
  return { from: pacificMidnight(day), to: pacificMidnight(addDays(day, 1)) };
}

/**
 * PX2: the welcome page pairs the extension installed in this browser with the member: a session
 * of its own (PX3) and a pairing row, in one transaction. The same installation pairing again
 * replaces its earlier pairing; a member has at most PRO_EXTENSION.maxPairings browsers paired.
 */
export async function pair(
  deps: AppDeps,
  caller: Caller,
  input: z.output<typeof proExtension.pair.input>,
  origin: RequestOrigin,
) {
  refuseWhileImpersonating(caller, 'pair the extension');
  const now = deps.clock.now();
  const { member, refusal } = await memberOf(deps.db, caller.userId, now);
  if (refusal) throw notPro(refusal);
  const browser = browserName(input.browser ?? origin.userAgent);
  const paired = await deps.db.transaction(async (tx) => {
    await lockPairingsOf(tx, caller.userId);
    const earlier = await pairingOfInstall(tx, caller.userId, input.install_id);
    if (earlier) {
      await deletePairing(tx, earlier.id);
      await endSession(tx, earlier.sessionId, now);
    }
    if ((await livePairings(tx, caller.userId, now)).length >= PRO_EXTENSION.maxPairings) {
      throw conflict(EXTENSION_MESSAGES.tooManyPairings);
    }
    const session = await startExtensionSession(tx, caller.userId, origin, now);
    const pairing = await insertPairing(tx, {
      userId: caller.userId,
      sessionId: session.sessionId,
      installId: input.install_id,
      version: input.version,
      browser,
      at: now,
    });
    return { token: session.token, pairing };
  });
  return {
    status: 'success' as const,
    token: paired.token,
    member: { id: member.id, first: member.first },
    pairing: presentPairing(
      paired.pairing,
      now,
      currentExtension(deps.config.extensionDist)?.version ?? null,
    ),
    message: EXTENSION_MESSAGES.paired,
  };
}

/** The welcome page (PX2, PX10): may the member use the extension, their browsers, the download. */
export async function fetchPairings(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  const [{ refusal }, pairings, today] = await Promise.all([
    memberOf(deps.db, caller.userId, now),
    livePairings(deps.db, caller.userId, now),
    extensionDay(deps.db, caller.userId, dayRange(now)),
  ]);
  const current = currentExtension(deps.config.extensionDist);
  return {
    status: 'success' as const,
    pro: refusal === null,
    message: refusal ?? '',
    current_version: current?.version ?? null,
    download_url: current?.download_url ?? null,
    pairings: pairings.map((p) => presentPairing(p, now, current?.version ?? null)),
    today,
  };
}

/**
 * Signing an extension out (PX2): its own session from the extension's Sign out, or one of the
 * member's browsers from the welcome page. The pairing goes and its session ends at once.
 */
export async function unpair(deps: AppDeps, caller: Caller, pairingId: number | undefined) {
  const now = deps.clock.now();
  let pairing: PairingRow | null;
  if (caller.extension) {
    pairing = await pairingOfSession(deps.db, caller.sessionId);
  } else {
    if (pairingId === undefined) throw badInput('Please say which browser to unpair.');
    pairing = await livePairingOf(deps.db, caller.userId, pairingId, now);
    if (!pairing) throw notFound(EXTENSION_MESSAGES.noSuchPairing);
  }
  const sessionId = pairing?.sessionId ?? caller.sessionId;
  await deps.db.transaction(async (tx) => {
    if (pairing) await deletePairing(tx, pairing.id);
    await endSession(tx, sessionId, now);
  });
  return { status: 'success' as const, message: EXTENSION_MESSAGES.unpaired };
}

/** PX8: what the popup shows, answered whatever the member's level, so a lapsed Pro reads why. */
export async function fetchStatus(deps: AppDeps, caller: Caller) {
  requireExtension(caller);
  const now = deps.clock.now();
  const [{ member, refusal }, day, today, pairing] = await Promise.all([
    memberOf(deps.db, caller.userId, now),
    memberToday(deps.db, caller.userId, now),
    extensionDay(deps.db, caller.userId, dayRange(now)),
    pairingOfSession(deps.db, caller.sessionId),
  ]);
  const current = currentExtension(deps.config.extensionDist);
  return {
    status: 'success' as const,
    member: { id: member.id, first: member.first },
    pro: refusal === null,
    message: refusal ?? '',
    points: member.points,
    actions: day?.allowance.actions ?? 0,
    max: day?.allowance.max ?? 0,
    today,
    state: (pairing?.state ?? 'paused') as proExtension.RunState,
    reason: pairing?.reason && isStopReason(pairing.reason) ? pairing.reason : null,
    current_version: current?.version ?? null,
    download_url: current?.download_url ?? null,
  };
}

/** PX6, PX7: the extension says it runs, paused or stopped; only a Pro member's may say it runs. */
export async function reportState(
  deps: AppDeps,
  caller: Caller,
  input: z.output<typeof proExtension.reportState.input>,
) {
  requireExtension(caller);
  const now = deps.clock.now();
  if (input.state === 'running') {
    const { refusal } = await memberOf(deps.db, caller.userId, now);
    if (refusal) throw notPro(refusal);
  }
  const reason =
    input.state === 'running' ? null : (input.reason ?? (input.state === 'paused' ? 'paused' : null));
  await setPairingState(deps.db, caller.sessionId, {
    state: input.state,
    reason,
    version: input.version,
    at: now,
  });
  return { status: 'success' as const, state: input.state };
}

/**
 * PX4: the extension's session makes a call open to it only while its member is Pro, and each such
 * call is the extension being seen (PX6). Named to the platform by app.ts.
 */
export const extensionGate: ExtensionGate = async (db: Db, clock: Clock, caller: Caller) => {
  const now = clock.now();
  const { refusal } = await memberOf(db, caller.userId, now);
  if (refusal) throw notPro(refusal);
  await touchPairing(db, caller.sessionId, now);
};

/**
 * PX6: while one of the member's paired extensions runs, what it did today (the IMDb tab shows
 * that in place of listings); null when none runs.
 */
export async function runningExtension(
  db: Db,
  userId: number,
  now: Date,
): Promise<proExtension.ExtensionToday | null> {
  const since = new Date(now.getTime() - PRO_EXTENSION.runningWithinSeconds * 1000);
  if (!(await hasRunningPairing(db, userId, since))) return null;
  return extensionDay(db, userId, dayRange(now));
}
