import type { RateRefusal, RateRule } from '../../platform/rate-limit.js';
import { DAY_MS, MINUTE_MS } from '../../platform/time.js';

/**
 * Crash reports (docs/domain.md "Crash reports", counted as L1-L3 say): a crashed page reports once,
 * so 10 in any minute and 100 in any day are far above any real use, per network address and, when
 * signed in, per member too, so nobody can fill the table anonymously or from many addresses.
 */
export const REPORT_LIMITS: readonly RateRule[] = [
  { limit: 10, windowMs: MINUTE_MS },
  { limit: 100, windowMs: DAY_MS },
];

/** The keys a report is counted under: the address always, the member when signed in. */
export function reportKeys(address: string, memberId: number | null): string[] {
  return [
    `crash-report:address:${address}`,
    ...(memberId === null ? [] : [`crash-report:member:${memberId}`]),
  ];
}

/** A wait in the largest whole unit a member reads at a glance, rounded up. */
export function waitInWords(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

export function tooManyReports({ waitSeconds }: RateRefusal): string {
  return `We have received a lot of error reports from you. Please wait ${waitInWords(waitSeconds)} before sending another.`;
}

/**
 * The whole report as sent: its texts are clipped to 27,000 characters (the contract), which as
 * UTF-8 JSON is at most about 110 kB, so anything larger is not a report from our page.
 */
export const REPORT_BODY_LIMIT = 128 * 1024;
export const REPORT_TOO_LARGE = 'This error report is too large to keep.';

/** Reports are kept 30 days, long enough to see a crash through a release, then pruned daily. */
export const REPORTS_KEPT_MS = 30 * DAY_MS;
