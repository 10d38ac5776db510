import { adminSignals, type adminSignals as Signals } from '@marquee/contract';

/** The thresholds and scores of the fair-play signals (docs/domain.md FP1-FP8). */
export const SIGNAL_RULES = {
  /** FP2: accounts whose sessions came from one address within the window. */
  sharedAddressAccounts: 3,
  /** FP3: accounts that joined from one address within this many hours. */
  burstAccounts: 3,
  burstHours: 24,
  /** FP4: actions each way, and the share of one side's actions that went to the other. */
  pairActions: 5,
  pairSharePercent: 50,
  /** FP5: misses of one listing in the window, from this many members. */
  listingMisses: 5,
  listingMissers: 3,
  /** FP6: an earner's actions found missing, reversed or invalid. */
  reversedActions: 5,
  /** The windows: 30 days, and 7 for misses. */
  windowDays: 30,
  missesWindowDays: 7,
} as const;

/** FP1: each signal's score, so the list is ordered by how much there is to look at. */
export function signalScore(kind: Signals.SignalKind, evidence: Record<string, number>): number {
  switch (kind) {
    case 'shared_address':
      return 10 * Math.min(evidence.accounts ?? 0, 10);
    case 'signup_burst':
      return 15 * Math.min(evidence.accounts ?? 0, 10);
    case 'mutual_pair':
      return 20 + Math.min(20, Math.floor((evidence.share ?? 0) / 5));
    case 'listing_misses':
      return 5 + Math.min(15, evidence.misses ?? 0);
    case 'reversed_actions':
      return Math.min(40, 2 * (evidence.reversed ?? 0));
  }
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** FP8: the evidence of a signal in words, from what the job kept. */
export function evidenceWords(kind: Signals.SignalKind, e: Record<string, unknown>): string {
  const n = (key: string) => Number(e[key] ?? 0);
  switch (kind) {
    case 'shared_address':
      return `${plural(n('accounts'), 'account')} signed in from ${String(e.address)} in the last ${SIGNAL_RULES.windowDays} days.`;
    case 'signup_burst':
      return `${plural(n('accounts'), 'account')} joined from ${String(e.address)} within ${plural(Math.max(1, n('hours')), 'hour')}.`;
    case 'mutual_pair':
      return `${plural(n('given'), 'action')} on the other member's listings and ${plural(n('received'), 'action')} back in ${SIGNAL_RULES.windowDays} days: ${n('share')}% of everything this member did.`;
    case 'listing_misses':
      return `"${String(e.name)}" (listing #${n('listing_id')}) was missed ${plural(n('misses'), 'time')} by ${plural(n('missers'), 'member')} in ${SIGNAL_RULES.missesWindowDays} days.`;
    case 'reversed_actions':
      return `${plural(n('reversed'), 'action')} of ${n('total')} found missing or reversed in ${SIGNAL_RULES.windowDays} days.`;
  }
}

/** One signal as staff read it. */
export function presentSignal(
  row: { kind: string; score: number; evidence: Record<string, unknown> },
  names: Map<number, string>,
): Signals.Signal {
  const kind = row.kind as Signals.SignalKind;
  const ids = Array.isArray(row.evidence.members) ? (row.evidence.members as number[]) : [];
  return {
    kind,
    label: adminSignals.SIGNAL_LABEL[kind],
    score: row.score,
    evidence: evidenceWords(kind, row.evidence),
    members: ids.map((id) => ({ id, name: names.get(id) ?? `Member #${id}` })),
  };
}
