import { adminSignals as contract } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { Caller } from '../../platform/auth.js';
import type { DailyJob } from '../../platform/jobs.js';
import { recordAudit } from '../../platform/audit.repo.js';
import { takeRateOrThrow } from '../../platform/rate-limit.js';
import { DAY_MS, timeAgo } from '../../platform/time.js';
import {
  flaggedCount,
  flaggedMembers,
  lastRunAt,
  memberNames,
  missedListings,
  mutualPairs,
  replaceSignals,
  reversedEarners,
  sharedAddresses,
  signalsOf,
  signupBursts,
  type FoundSignal,
} from './signals.repo.js';
import { presentSignal, SIGNAL_RULES as R, signalScore } from './signals.policy.js';

/** FP1-FP6: every pattern over the whole site, as rows for fairplay_signals. */
export async function computeSignals(db: Db, now: Date): Promise<FoundSignal[]> {
  const since = new Date(now.getTime() - R.windowDays * DAY_MS);
  // One after the other: the job runs them on its transaction's one connection.
  const addresses = await sharedAddresses(db, since);
  const bursts = await signupBursts(db, since);
  const pairs = await mutualPairs(db, since);
  const listings = await missedListings(db, new Date(now.getTime() - R.missesWindowDays * DAY_MS));
  const reversed = await reversedEarners(db, since);
  const found: FoundSignal[] = [];
  const add = (userId: number, kind: contract.SignalKind, evidence: Record<string, unknown>) =>
    found.push({ userId, kind, score: signalScore(kind, evidence as Record<string, number>), evidence });
  // Evidence names at most this many other members.
  const others = (ids: number[], me: number) => ids.filter((id) => id !== me).slice(0, 10);
  for (const a of addresses)
    for (const id of a.ids)
      add(id, 'shared_address', { address: a.address, accounts: a.ids.length, members: others(a.ids, id) });
  for (const b of bursts)
    for (const id of b.ids)
      add(id, 'signup_burst', {
        address: b.address,
        accounts: b.ids.length,
        hours: b.hours,
        members: others(b.ids, id),
      });
  for (const p of pairs) {
    add(p.a, 'mutual_pair', {
      given: p.ab,
      received: p.ba,
      share: Math.round((100 * p.ab) / p.aTotal),
      members: [p.b],
    });
    add(p.b, 'mutual_pair', {
      given: p.ba,
      received: p.ab,
      share: Math.round((100 * p.ba) / p.bTotal),
      members: [p.a],
    });
  }
  for (const l of listings)
    add(l.ownerId, 'listing_misses', {
      listing_id: l.listingId,
      name: l.name,
      misses: l.misses,
      missers: l.missers,
    });
  for (const r of reversed) add(r.userId, 'reversed_actions', { reversed: r.reversed, total: r.total });
  return found;
}

/** FP7: computes and keeps the signals in one transaction: staff never read half a run. */
async function runSignals(db: Db, now: Date) {
  const found = await computeSignals(db, now);
  await replaceSignals(db, found, now);
  return found;
}

/** Daily (FP7): the signals computed afresh. */
export const fairplaySignalsJob: DailyJob = {
  name: 'fairplay-signals',
  run: async (tx, { now }) => {
    await runSignals(tx, now);
  },
};

/** admin/refreshSignals (FP7): now, at most once a minute for the whole site; logged. */
export async function refreshSignals(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  await takeRateOrThrow(
    deps.db,
    'admin:fairplay-signals',
    [{ limit: 1, windowMs: 60_000 }],
    now,
    ({ waitSeconds }) =>
      `The signals were computed a moment ago. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} before computing them again.`,
  );
  const found = await deps.db.transaction(async (tx) => {
    const rows = await runSignals(tx, now);
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'signals.compute',
      summary: `Computed the fair-play signals: ${rows.length} found.`,
      at: now,
    });
    return rows;
  });
  const members = new Set(found.map((f) => f.userId)).size;
  return {
    status: 'success' as const,
    message: `The signals were computed: ${members} member${members === 1 ? '' : 's'} to look at.`,
  };
}

/** The signals of these members, as staff read them (evidence in words, other members named). */
export async function presentSignalsOf(db: Db, userIds: number[]) {
  const rows = await signalsOf(db, userIds);
  const named = rows.flatMap((r) =>
    Array.isArray(r.evidence.members) ? (r.evidence.members as number[]) : [],
  );
  const names = await memberNames(db, [...new Set(named)]);
  const byMember = new Map<number, contract.Signal[]>();
  for (const r of rows) byMember.set(r.userId, [...(byMember.get(r.userId) ?? []), presentSignal(r, names)]);
  return byMember;
}

/** admin/fetchSignals (FP8): members ranked by their signals, a page at a time. */
export async function flaggedList(deps: AppDeps, page: number) {
  const now = deps.clock.now();
  const [rows, count, at] = await Promise.all([
    flaggedMembers(deps.db, contract.SIGNALS_PAGE_SIZE, page * contract.SIGNALS_PAGE_SIZE),
    flaggedCount(deps.db),
    lastRunAt(deps.db),
  ]);
  const signals = await presentSignalsOf(
    deps.db,
    rows.map((r) => r.userId),
  );
  return {
    status: 'success' as const,
    members: rows.map((r) => ({
      user_id: r.userId,
      first: r.first,
      last: r.last,
      status: r.status,
      score: r.score,
      signals: signals.get(r.userId) ?? [],
    })),
    count,
    page,
    pageCount: Math.max(1, Math.ceil(count / contract.SIGNALS_PAGE_SIZE)),
    computed_at: at?.toISOString() ?? '',
    ago: at ? timeAgo(at, now) : '',
  };
}
