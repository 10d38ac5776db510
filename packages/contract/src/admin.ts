import { z } from 'zod';
import { operation } from './operation.js';
import { wholeNumber } from './common.js';

/**
 * The admin console (spec 4 §2, §3, §6-§8; D13; docs/domain.md AD1-AD9): the overview of how the site
 * is doing, its audit log and the ledger check. Every call here is for the admin role only (D2.2).
 */

/** spec 4 §7 admin/checkAdmin: answers success to staff; everyone else gets `not_admin` and goes to /v4. */
export const checkAdmin = operation<{ status: 'success'; admin: true }>()({
  method: 'GET',
  path: 'admin/checkAdmin',
  audience: 'admin',
  input: z.object({}),
});

/** The days the overview draws (AD3). */
export const SERIES_DAYS = 30;

/** One Pacific day of the overview's charts (AD3): actions credited by listing type, and income. */
export interface DayFigures {
  /** 'YYYY-MM-DD', Pacific. */
  day: string;
  imdbViews: number;
  youtubeViews: number;
  follows: number;
  likes: number;
  /** Money received less refunds, in dollars. */
  income: number;
}

/** How one outside service is reached (D9, AD5). */
export interface ServiceImplementation {
  /** 'IMDb', 'Payments', 'Mail', ... */
  service: string;
  /** 'simulated' (the site's own stand-in), 'real', 'test' or 'local'. */
  mode: 'simulated' | 'real' | 'test' | 'local';
  /** What is used, in a few words: 'The simulated IMDb under /sim/imdb', 'Stripe and PayPal'. */
  detail: string;
}

/** The last run of the ledger's invariant check (D3.1, AD6). */
export interface LedgerCheckResult {
  ok: boolean;
  problems: string[];
  accounts: number;
  entries: number;
  /** When it ran, ISO 8601; with 'ago' in words. */
  checked_at: string;
  ago: string;
  /** 'daily' (the job) or the admin who asked for it. */
  by: string;
}

/** One entry of the audit log (D13.1, AD7). */
export interface AuditEntry {
  id: number;
  admin_id: number;
  admin_name: string;
  /** What was done, as a code ('help.status', 'user.field', ...) and in words. */
  action: string;
  summary: string;
  /** The member it concerned, if any. */
  user_id: number | null;
  user_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  /** ISO 8601, and '3 hours ago'. */
  at: string;
  ago: string;
}

/** spec 4 §3 Admin overview, with Marquee's charts, services and ledger check (AD1-AD6). */
export interface Overview {
  users: { expiring14: number; activeToday: number; active30: number; activeTotal: number };
  /** Actions credited today by kind (spec 4 §3; AD2: Subscription is always 0, Marquee has no subscribe listings). */
  actions: { View: number; Follow: number; Like: number; Subscription: number };
  /** Memberships and sponsored activity sold today (paid events, AD4). */
  premium: { today: number };
  pro: { today: number };
  sponsored: { today: number };
  /** Income in dollars from verified payment events, refunds taken off (D13.3, AD4). */
  income: { today: number; seven: number; thirty: number; total: number };
  /** Points held by members (AD2). */
  karmaPoints: number;
  /** The shadow values (AD10): the daily actions cap per listing and the earn list's shuffled top, 0 = off. */
  shadowMax: number;
  randyTop: number;
  /** The thirty days before today and today, oldest first (AD3). */
  series: DayFigures[];
  services: ServiceImplementation[];
  ledger: LedgerCheckResult | null;
  audit: AuditEntry[];
}

/** spec 4 §7 admin/fetchOverview. */
export const fetchOverview = operation<{ status: 'success' } & Overview>()({
  method: 'GET',
  path: 'admin/fetchOverview',
  audience: 'admin',
  input: z.object({}),
});

/** Runs the ledger's invariant check now (D3.1, AD6) and keeps its result for the overview. */
export const checkLedger = operation<{ status: 'success'; message: string; ledger: LedgerCheckResult }>()({
  method: 'POST',
  path: 'admin/checkLedger',
  audience: 'admin',
  input: z.object({}),
});

export const LEDGER_OK = 'The ledger balances: every invariant holds.';
export const LEDGER_PROBLEMS = 'The ledger check found problems. They are listed on the overview.';
/** AD6: a check is a full read of the ledger, so staff may start one at most this often. */
export const LEDGER_CHECK_EVERY_SECONDS = 60;

/** The audit log's page size (AD7). */
export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, a page at a time (D13.1, AD7). */
export const fetchAuditLog = operation<{
  status: 'success';
  entries: AuditEntry[];
  page: number;
  pageCount: number;
}>()({
  method: 'GET',
  path: 'admin/fetchAuditLog',
  audience: 'admin',
  input: z.object({
    page: wholeNumber(
      z
        .number({ error: 'Please give a valid page.' })
        .int({ error: 'Please give a valid page.' })
        .min(0, { error: 'Please give a valid page.' })
        .max(100_000, { error: 'Please give a valid page.' })
        .default(0),
    ),
  }),
});

export const EMPTY_AUDIT = 'No admin actions yet.';
export const OVERVIEW_FAILED = 'We had an issue loading the overview...';

export const SHADOW_TOP_MAX = 50;
export const SHADOW_MAX_MAX = 1000;
const shadowValue = (name: string, most: number) =>
  wholeNumber(
    z
      .number({ error: `Please give ${name} as a whole number from 0 to ${most}.` })
      .int({ error: `Please give ${name} as a whole number from 0 to ${most}.` })
      .min(0, { error: `Please give ${name} as a whole number from 0 to ${most}.` })
      .max(most, { error: `Please give ${name} as a whole number from 0 to ${most}.` })
      .optional(),
  );

/** spec 4 §7 updateShadowVars with `top` and `max` (AD10): either or both. */
export const updateShadowVars = operation<{
  status: 'success';
  message: string;
  shadowMax: number;
  randyTop: number;
}>()({
  method: 'GET',
  path: 'admin/updateShadowVars',
  audience: 'admin',
  input: z.object({ top: shadowValue('top', SHADOW_TOP_MAX), max: shadowValue('max', SHADOW_MAX_MAX) }),
});
export const SHADOW_NOTHING = 'Please give top, max or both.';

/** A week of a waitlisted member's IMDb page (spec 4 §3 sm: week_ending, actual_rank, views). */
export interface WaitlistWeek {
  week_ending: string;
  actual_rank: number;
  /** IMDb views their listings received that week. */
  views: number;
}

/** spec 4 §3 Managed waitlist item (AD11). */
export interface WaitlistItem {
  user_id: number;
  first: string;
  last: string;
  /** 'March 10, 2026'. */
  date_added: string;
  /** The tier chosen (spec 4 §9: 3 Top 60K, 2 Top 100K, 1 Top 200K) and its name. */
  selection: number;
  tier: string;
  status: 'waitlisted' | 'invited';
  sm: WaitlistWeek[];
}

export const MANAGED_TIER_NAME: Record<number, string> = { 3: 'Top 60K', 2: 'Top 100K', 1: 'Top 200K' };

/** spec 4 §7 admin/fetchManagedWaitlist (AD11): oldest first, with each member's recent weeks. */
export const fetchManagedWaitlist = operation<{
  status: 'success';
  waitlist: WaitlistItem[];
  count: number;
}>()({
  method: 'GET',
  path: 'admin/fetchManagedWaitlist',
  audience: 'admin',
  input: z.object({}),
});
export const EMPTY_WAITLIST = 'No current waitlist!';
export const WAITLIST_WEEKS = 4;
