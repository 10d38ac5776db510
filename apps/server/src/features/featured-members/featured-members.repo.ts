import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { notBlockedWith } from '../members/index.js';
import type { FeatureCandidate } from './featured-members.policy.js';

/** Drizzle leaves column names unqualified inside raw SQL; the member row is named explicitly. */
const u = (column: string) => sql.raw(`"users"."${column}"`);

/** The member can pay for one of their active listings, or it has sponsored actions left (D4.3). */
const payableListing = sql`exists (select 1 from listings l where l.user_id = ${u('id')}
  and l.status = 'active' and l.give > 0 and (${u('points')} >= l.give or l.sponsor_left))`;

/** Premium, pro or managed now (D2.3). */
const paidMember = (now: Date) => sql`(${u('premium_expires')} > ${now} or ${u('pro_expires')} > ${now}
  or exists (select 1 from subscriptions s where s.user_id = ${u('id')} and s.level = 'managed'
             and s.status <> 'ended' and s.current_period_end > ${now}))`;

/**
 * D8.3: who may be featured now: active members who chose "Feature Me", are premium, pro or managed
 * (spec 3 §6), and whose balance pays for a listing (else being featured would bring them nothing).
 */
export async function featureCandidates(db: Db, now: Date): Promise<FeatureCandidate[]> {
  return db
    .select({ id: users.id, featurePoints: users.featurePoints, featuredOn: users.featuredOn })
    .from(users)
    .where(
      and(
        eq(users.kind, 'member'),
        eq(users.status, 'active'),
        eq(users.featureMe, true),
        paidMember(now),
        payableListing,
      ),
    );
}

/** Features the picked members on `day` and spends their feature points (D8.3). */
export async function markFeatured(
  db: Db,
  picked: { id: number; featurePoints: number }[],
  day: string,
): Promise<void> {
  // The points the pick read are spent; any earned since the read are kept.
  for (const member of picked) {
    await db
      .update(users)
      .set({
        featuredOn: day,
        featurePoints: sql`greatest(${users.featurePoints} - ${member.featurePoints}, 0)`,
      })
      .where(eq(users.id, member.id));
  }
}

/**
 * The members featured on `day` whose featuring still counts: active, and able to pay for one of
 * their listings ("until their points run out", D8.3); leaving out any blocked either way by the viewer.
 */
export async function featuredOn(db: Db, day: string, viewerId: number) {
  return db
    .select({
      id: users.id,
      first: users.first,
      last: users.last,
      defaultPic: users.defaultPic,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        eq(users.featuredOn, day),
        eq(users.status, 'active'),
        payableListing,
        notBlockedWith(viewerId, u('id')),
      ),
    )
    .orderBy(users.id);
}
