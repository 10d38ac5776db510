import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every account: members (ids from 1000) and the system accounts below 1000 (D2.1).
 * Membership is derived from the expiry dates and subscriptions, never stored as a word (D2.3).
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    /** 'member' or 'system' (house, news, support). */
    kind: text().notNull().default('member'),
    first: text().notNull(),
    last: text().notNull(),
    email: text(),
    username: text(),
    passwordHash: text(),
    imdbUrl: text(),
    /** 'member' or 'admin' (D2.2). */
    role: text().notNull().default('member'),
    /** 'active', 'deactivated' or 'deleted' (D2.5). */
    status: text().notNull().default('active'),
    /** Cached balance; always the sum of the member's ledger rows (D3.1). */
    points: integer().notNull().default(0),
    premiumExpires: timestamp({ withTimezone: true }),
    proExpires: timestamp({ withTimezone: true }),
    referrerId: integer(),
    /** The image name (uploads) of the member's default profile photo; null shows the no-photo image. */
    defaultPic: text(),
    /** Profile details (spec 2 §3 Profile user): free text typed by the member, rendered links-only (D8.1). */
    location: text(),
    job1: text('job_1'),
    job2: text('job_2'),
    job3: text('job_3'),
    bio: text(),
    hideV4v: boolean('hide_v4v').notNull().default(false),
    hideFaceless: boolean().notNull().default(false),
    showMePro: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastActiveAt: timestamp({ withTimezone: true }),
    /** The Pacific day this member is featured (D8.3); their listings come first and pay +1 (D5.7). */
    featuredOn: date({ mode: 'string' }),
    /** "Feature Me" (spec 3 §2): takes part in the daily featuring pick (D8.3). */
    featureMe: boolean().notNull().default(false),
    /** Points toward being featured; reset to 0 when featured (D8.3). */
    featurePoints: integer().notNull().default(0),
    /** Referral points, traded for membership days (spec 3 §9). */
    refPoints: integer().notNull().default(0),
    /** When the 7-day pro trial started (once per member, spec 2 §9). */
    proTrialAt: timestamp({ withTimezone: true }),
    /** When the member dismissed the pro offer on the dashboard. */
    proOfferDismissedAt: timestamp({ withTimezone: true }),
    /** Pro setting: IMDb listings giving fewer points are not offered to this pro member (docs/domain.md). */
    proMinimum: integer().notNull().default(0),
    /** Pro setting: the bonus chosen in the Pro settings panel (docs/domain.md), null for none. */
    proBonus: text(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_idx').on(t.email),
    index('users_referrer_idx').on(t.referrerId),
    index('users_created_idx').on(t.createdAt),
    // The day's featured members (D8.3), two among all: found without reading every member.
    index('users_featured_idx')
      .on(t.featuredOn)
      .where(sql`${t.featuredOn} is not null`),
    // autocomplete/users: a prefix of a first name, last name or username, among active members
    // (members.repo searchMembers compares with ~>=~ and ~<~, which these pattern-ops indexes serve).
    index('users_first_prefix_idx')
      .on(sql`lower(${t.first}) text_pattern_ops`)
      .where(sql`${t.kind} = 'member' and ${t.status} = 'active'`),
    index('users_last_prefix_idx')
      .on(sql`lower(${t.last}) text_pattern_ops`)
      .where(sql`${t.kind} = 'member' and ${t.status} = 'active'`),
    index('users_username_prefix_idx')
      .on(sql`lower(${t.username}) text_pattern_ops`)
      .where(sql`${t.kind} = 'member' and ${t.status} = 'active'`),
    // The accounts that are not active, few beside the rest: queries that hide such members' things
    // over many rows (a month of the calendar, W6) gather them once instead of a lookup per row.
    // The admin overview's counts of active members (AD1): read from the index alone.
    index('users_activity_idx').on(t.status, t.kind, t.lastActiveAt),
    // Paid time ending soon (the overview's expiring14, AD1).
    index('users_premium_expires_idx')
      .on(t.premiumExpires)
      .where(sql`${t.premiumExpires} is not null`),
    index('users_pro_expires_idx')
      .on(t.proExpires)
      .where(sql`${t.proExpires} is not null`),
    // Staff find members by the start of their email address (docs/domain.md AM1).
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_not_active_idx')
      .on(t.id)
      .where(sql`${t.status} <> 'active'`),
    // directory/fetchResults (D12.2, docs/domain.md DR3, decision 0024): a location and a job among
    // job_1..3, most recently active first. One index per job column, each read in order and merged
    // (directory.repo.ts); active members with that job and a location only.
    ...([t.job1, t.job2, t.job3] as const).map((job, i) =>
      index(`users_directory_job${i + 1}_idx`)
        .on(t.location, job, t.lastActiveAt.desc().nullsLast(), t.id.desc())
        .where(
          sql`${t.kind} = 'member' and ${t.status} = 'active' and ${t.location} is not null and ${job} is not null`,
        ),
    ),
    // D3.1: no member balance is ever negative; only the house may go below zero.
    check('users_member_points_not_negative', sql`${t.kind} <> 'member' OR ${t.points} >= 0`),
  ],
);

/** A member who blocked another: neither sees the other's listings (D4.1). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);
