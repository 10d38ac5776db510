import { admin, pacificDate } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/database.js';
import type { Caller } from '../../platform/auth.js';
import { auditCount, auditEntries, recordAudit } from '../../platform/audit.repo.js';
import { presentAudit } from './admin.present.js';
import type { DailyJob } from '../../platform/jobs.js';
import { takeRateOrThrow } from '../../platform/rate-limit.js';
import { readSettings, writeSetting } from '../../platform/settings.repo.js';
import { badInput } from '../../platform/errors.js';
import { DAY_MS, addDays, pacificDay, pacificMidnight, timeAgo } from '../../platform/time.js';
import { checkLedger as runLedgerCheck } from '../points/index.js';
import {
  actionsOnDays,
  incomeByDay,
  lastLedgerCheck,
  recentWeeks,
  waitlist,
  memberFigures,
  moneyFigures,
  storeDay,
  storeLedgerCheck,
  storedDays,
  type ActionCounts,
  type LedgerCheckRow,
} from './admin.repo.js';
import { dollars, seriesDays, serviceImplementations } from './admin.policy.js';

/** The overview shows this many of the newest audit entries (AD7); the log page shows the rest. */
const OVERVIEW_AUDIT_ENTRIES = 8;

const NO_ACTIONS: ActionCounts = { imdbViews: 0, youtubeViews: 0, follows: 0, likes: 0 };

/** spec 4 §3 Admin overview with the charts, services, ledger check and newest audit entries (AD1-AD7). */
export async function overview(deps: AppDeps): Promise<{ status: 'success' } & admin.Overview> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const today = pacificDay(now);
  const todayStart = pacificMidnight(today);
  const days = seriesDays(today, admin.SERIES_DAYS);
  const [members, money, series, ledger, audit, shadow] = await Promise.all([
    memberFigures(db, {
      todayStart,
      since30: new Date(now.getTime() - 30 * DAY_MS),
      now,
      in14: new Date(now.getTime() + 14 * DAY_MS),
    }),
    moneyFigures(db, {
      today: todayStart,
      seven: pacificMidnight(addDays(today, -6)),
      thirty: pacificMidnight(addDays(today, -29)),
    }),
    daySeries(db, days),
    lastLedgerCheck(db),
    auditEntries(db, { limit: OVERVIEW_AUDIT_ENTRIES }),
    readSettings(db, ['shadow_max', 'randy_top']),
  ]);
  const todays = series.at(-1)!;
  return {
    status: 'success',
    users: {
      expiring14: members.expiring14,
      activeToday: members.activeToday,
      active30: members.active30,
      activeTotal: members.activeTotal,
    },
    actions: {
      View: todays.imdbViews + todays.youtubeViews,
      Follow: todays.follows,
      Like: todays.likes,
      Subscription: 0,
    },
    premium: { today: money.premiumToday },
    pro: { today: money.proToday },
    sponsored: { today: money.sponsoredToday },
    income: {
      today: dollars(money.today),
      seven: dollars(money.seven),
      thirty: dollars(money.thirty),
      total: dollars(money.total),
    },
    karmaPoints: members.karmaPoints,
    shadowMax: shadow.shadow_max,
    randyTop: shadow.randy_top,
    series,
    services: serviceImplementations(config),
    ledger: ledger && presentLedgerCheck(ledger, now),
    audit: audit.map((row) => presentAudit(row, now)),
  };
}

/**
 * AD3: each day's actions by type and income. Finished days come from the daily job's rows; a day it
 * has not counted yet (a new site, a job still to run) and today are counted from the actions and
 * payment events themselves.
 */
async function daySeries(db: Db, days: string[]): Promise<admin.DayFigures[]> {
  const stored = new Map((await storedDays(db, days.slice(0, -1))).map((r) => [r.day, r]));
  const missing = days.filter((d) => !stored.has(d));
  const counted = await countDays(db, missing);
  return days.map((day) => {
    const row = stored.get(day) ?? counted.get(day) ?? { ...NO_ACTIONS, incomePennies: 0 };
    return {
      day,
      imdbViews: row.imdbViews,
      youtubeViews: row.youtubeViews,
      follows: row.follows,
      likes: row.likes,
      income: dollars(row.incomePennies),
    };
  });
}

type CountedDay = ActionCounts & { incomePennies: number };

/** Counts the given days (consecutive or not) from the actions and the payment events. */
async function countDays(db: Db, days: string[]): Promise<Map<string, CountedDay>> {
  if (days.length === 0) return new Map();
  const first = days[0]!;
  const last = days.at(-1)!;
  // One after the other: the daily job runs this on its transaction's one connection.
  const actions = await actionsOnDays(db, days);
  const income = await incomeByDay(db, pacificMidnight(first), pacificMidnight(addDays(last, 1)));
  return new Map(
    days.map((day) => [day, { ...(actions.get(day) ?? NO_ACTIONS), incomePennies: income.get(day) ?? 0 }]),
  );
}

/**
 * Daily (AD3): counts the thirty finished days before today that have no row yet, and yesterday again
 * (late refunds and checked actions settle on the day after), so the overview reads rows, not actions.
 */
export const siteFiguresJob: DailyJob = {
  name: 'site-figures',
  run: async (tx, { day, now }) => {
    const days = seriesDays(day, admin.SERIES_DAYS).slice(0, -1);
    const yesterday = days.at(-1)!;
    const stored = new Set((await storedDays(tx, days)).map((r) => r.day));
    const due = days.filter((d) => d === yesterday || !stored.has(d));
    const counted = await countDays(tx, due);
    for (const d of due) await storeDay(tx, { day: d, ...counted.get(d)!, computedAt: now });
  },
};

/** Daily (AD6): the ledger's invariants checked, the result kept for the overview. */
export const ledgerCheckJob: DailyJob = {
  name: 'ledger-check',
  run: async (tx, { now }) => {
    const report = await runLedgerCheck(tx);
    await storeLedgerCheck(tx, { ...report, adminId: null, source: 'daily', checkedAt: now });
  },
};

/** AD6: staff check the ledger now; one check a minute for the whole site, as it reads every row. */
export async function checkLedgerNow(deps: AppDeps, caller: Caller) {
  const now = deps.clock.now();
  await takeRateOrThrow(
    deps.db,
    'admin:ledger-check',
    [{ limit: 1, windowMs: admin.LEDGER_CHECK_EVERY_SECONDS * 1000 }],
    now,
    ({ waitSeconds }) =>
      `The ledger was checked a moment ago. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} before checking again.`,
  );
  const report = await runLedgerCheck(deps.db);
  await deps.db.transaction(async (tx) => {
    await storeLedgerCheck(tx, { ...report, adminId: caller.userId, source: 'admin', checkedAt: now });
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'ledger.check',
      summary: report.ok
        ? 'Checked the ledger: every invariant holds.'
        : `Checked the ledger: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}.`,
      after: {
        ok: report.ok,
        problems: report.problems.length,
        accounts: report.accounts,
        entries: report.entries,
      },
      at: now,
    });
  });
  const ledger = (await lastLedgerCheck(deps.db))!;
  return {
    status: 'success' as const,
    message: report.ok ? admin.LEDGER_OK : admin.LEDGER_PROBLEMS,
    ledger: presentLedgerCheck(ledger, now),
  };
}

/** AD7: the audit log a page at a time, newest first. */
export async function auditLog(deps: AppDeps, page: number) {
  const now = deps.clock.now();
  const [rows, count] = await Promise.all([
    auditEntries(deps.db, { limit: admin.AUDIT_PAGE_SIZE, offset: page * admin.AUDIT_PAGE_SIZE }),
    auditCount(deps.db),
  ]);
  return {
    status: 'success' as const,
    entries: rows.map((row) => presentAudit(row, now)),
    page,
    pageCount: Math.max(1, Math.ceil(count / admin.AUDIT_PAGE_SIZE)),
  };
}

function presentLedgerCheck(row: LedgerCheckRow, now: Date): admin.LedgerCheckResult {
  return {
    ok: row.ok,
    problems: row.problems,
    accounts: row.accounts,
    entries: row.entries,
    checked_at: row.checkedAt.toISOString(),
    ago: timeAgo(row.checkedAt, now),
    by: row.source === 'daily' ? 'daily' : (row.adminName ?? 'an admin'),
  };
}

/** admin/updateShadowVars (AD10): either value or both, logged with before and after. */
export async function updateShadowVars(deps: AppDeps, caller: Caller, input: { top?: number; max?: number }) {
  if (input.top === undefined && input.max === undefined) throw badInput(admin.SHADOW_NOTHING);
  const now = deps.clock.now();
  const next = await deps.db.transaction(async (tx) => {
    const before = await readSettings(tx, ['shadow_max', 'randy_top']);
    const after = { shadow_max: input.max ?? before.shadow_max, randy_top: input.top ?? before.randy_top };
    if (input.max !== undefined) await writeSetting(tx, 'shadow_max', input.max, now);
    if (input.top !== undefined) await writeSetting(tx, 'randy_top', input.top, now);
    await recordAudit(tx, {
      adminId: caller.userId,
      action: 'settings.shadow',
      summary: 'Changed the shadow values.',
      before: { shadowMax: before.shadow_max, randyTop: before.randy_top },
      after: { shadowMax: after.shadow_max, randyTop: after.randy_top },
      at: now,
    });
    return after;
  });
  return {
    status: 'success' as const,
    message: 'The shadow values were saved. Earn lists use them from the next one fetched.',
    shadowMax: next.shadow_max,
    randyTop: next.randy_top,
  };
}

/** The waitlist shows at most this many (the oldest), with `count` all of them. */
const WAITLIST_MAX = 200;

/** admin/fetchManagedWaitlist (D14.1, AD11): who waits for Managed Rank, with their recent weeks. */
export async function managedWaitlist(deps: AppDeps) {
  const rows = await waitlist(deps.db, WAITLIST_MAX);
  const weeks = await recentWeeks(
    deps.db,
    rows.map((r) => r.userId),
    admin.WAITLIST_WEEKS,
  );
  return {
    status: 'success' as const,
    count: rows.length,
    waitlist: rows.map((r) => ({
      user_id: r.userId,
      first: r.first,
      last: r.last,
      date_added: pacificDate(new Date(r.createdAt)),
      selection: r.selection,
      tier: admin.MANAGED_TIER_NAME[r.selection] ?? `Selection ${r.selection}`,
      status: r.status === 'invited' ? ('invited' as const) : ('waitlisted' as const),
      sm: weeks
        .filter((w) => w.userId === r.userId)
        .map((w) => ({ week_ending: w.weekEnding, actual_rank: w.rank, views: w.views })),
    })),
  };
}
