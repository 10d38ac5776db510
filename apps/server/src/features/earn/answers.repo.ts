import { and, count, eq, gte, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { users } from '../members/members.tables.js';
import { listings } from '../listings/listings.tables.js';
import { unconfirmedEmails } from '../login/login.tables.js';
import { ESTABLISHED_AFTER_ANSWERS, type Standing } from './earn.policy.js';
import { actions, answerMisses, imdbFacts, offers } from './earn.tables.js';
import { LAPSED } from './earn.repo.js';

/** The queries of IMDb answers (earn.service.ts, D5.2-D5.3): facts, misses and who counts. */

export async function imdbFact(db: Db, pageCode: string, question: string) {
  const [row] = await db
    .select()
    .from(imdbFacts)
    .where(and(eq(imdbFacts.pageCode, pageCode), eq(imdbFacts.question, question)))
    .limit(1);
  return row ?? null;
}

/** PX5: the Pro extension's misses are logged and counted for its member, but neither correct nor pause. */
const notByExtension = sql`not coalesce((select o.via_extension from ${offers} o where o.id = ${answerMisses.offerId}), false)`;

/**
 * The members other than the earner and the listing's owner who gave this same wrong number since
 * the fact was last confirmed: the possible witnesses of a crowd correction (D5.3 "Who counts").
 */
export async function othersWithSameAnswer(
  db: Db,
  q: { listingId: number; question: string; answer: number; earnerId: number; ownerId: number; since: Date },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ earnerId: answerMisses.earnerId })
    .from(answerMisses)
    .where(
      and(
        eq(answerMisses.listingId, q.listingId),
        eq(answerMisses.question, q.question),
        eq(answerMisses.answer, q.answer),
        notInArray(answerMisses.earnerId, [q.earnerId, q.ownerId]),
        gte(answerMisses.createdAt, q.since),
        notByExtension,
      ),
    );
  return rows.map((r) => r.earnerId);
}

/**
 * What decides whether each of these members is established (D5.3 "Who counts"): a confirmed email
 * (no waiting row), when they joined, and their standing IMDb answers, read no further than needed.
 */
export async function standings(db: Db, ids: number[]): Promise<Map<number, Standing>> {
  if (ids.length === 0) return new Map();
  // Named in full: inside a subquery drizzle would write the bare column name.
  const member = sql.raw('"users"."id"');
  const rows = await db
    .select({
      id: users.id,
      joinedAt: users.createdAt,
      unconfirmed: sql<boolean>`exists (select 1 from ${unconfirmedEmails} u where u.user_id = ${member})`,
      imdbAnswers: sql<number>`(select count(*) from (select 1 from ${actions} a
        where a.earner_id = ${member} and a.type = 'imdb-view'
          and a.status not in (${sql.join(
            LAPSED.map((s) => sql`${s}`),
            sql`, `,
          )})
        limit ${ESTABLISHED_AFTER_ANSWERS}) h)`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { emailConfirmed: !r.unconfirmed, joinedAt: r.joinedAt, imdbAnswers: Number(r.imdbAnswers) },
    ]),
  );
}

/**
 * Locks the accounts a wrong answer touches (the earner and the listing's owner) in id order, as a
 * credit does (creditOffer): a wrong and a right answer on one offer then settle one after the
 * other, the misses on one owner's listings are counted one at a time, and the owner's alert cannot
 * wait on a credit that waits on the listing (D5.3).
 */
export async function lockMembers(tx: Db, ids: number[]) {
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(users.id).for('update');
}

/** How an offer was settled, read fresh once its earner is locked: credited, missed or still open. */
export async function offerSettlement(tx: Db, offerId: number) {
  const [row] = await tx
    .select({
      expiresAt: offers.expiresAt,
      actionId: actions.id,
      missed: sql<boolean>`exists (select 1 from ${answerMisses} m where m.offer_id = ${offers.id})`,
    })
    .from(offers)
    .leftJoin(actions, eq(actions.offerId, offers.id))
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ? { ...row, missed: Boolean(row.missed) } : null;
}

/**
 * Records the miss that settles an offer and closes the offer (D5.3); false when the offer already
 * had its miss (the unique offer id keeps it to one, whatever arrives at once).
 */
export async function recordMiss(
  tx: Db,
  miss: { offerId: number; listingId: number; earnerId: number; question: string; answer: number; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(answerMisses)
    .values({
      offerId: miss.offerId,
      listingId: miss.listingId,
      earnerId: miss.earnerId,
      question: miss.question,
      answer: miss.answer,
      createdAt: miss.at,
    })
    .onConflictDoNothing({ target: answerMisses.offerId })
    .returning({ id: answerMisses.id });
  if (inserted.length === 0) return false;
  // The offer closes on a miss, so numbers cannot be guessed one after another.
  await tx.update(offers).set({ expiresAt: miss.at }).where(eq(offers.id, miss.offerId));
  return true;
}

/**
 * The members other than the owner who missed a listing since an instant, each once however often
 * they missed (D5.3); whose of them count is decided by their standing ("Who counts").
 */
export async function missersSince(db: Db, listing: { id: number; ownerId: number }, since: Date) {
  const rows = await db
    .selectDistinct({ earnerId: answerMisses.earnerId })
    .from(answerMisses)
    .where(
      and(
        eq(answerMisses.listingId, listing.id),
        ne(answerMisses.earnerId, listing.ownerId),
        gte(answerMisses.createdAt, since),
        notByExtension,
      ),
    );
  return rows.map((r) => r.earnerId);
}

/**
 * Sends an active listing to an admin credit update (D5.3). Conditional on the listing still being
 * active, so of two misses that both reach the threshold only one disables it (and alerts the owner).
 */
export async function disableForCreditUpdate(tx: Db, listingId: number): Promise<boolean> {
  const updated = await tx
    .update(listings)
    .set({ status: 'disabled', statusReason: 'credit_update' })
    .where(and(eq(listings.id, listingId), eq(listings.status, 'active')))
    .returning({ id: listings.id });
  return updated.length > 0;
}

export async function missesSince(db: Db, where: { earnerId?: number; listingId?: number }, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(answerMisses)
    .where(
      and(
        where.earnerId === undefined ? undefined : eq(answerMisses.earnerId, where.earnerId),
        where.listingId === undefined ? undefined : eq(answerMisses.listingId, where.listingId),
        gte(answerMisses.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Whether somebody answered this listing's normal question correctly since an instant (D5.3 `confirmed`). */
export async function correctAnswerSince(db: Db, listingId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: actions.id })
    .from(actions)
    .where(
      and(
        eq(actions.listingId, listingId),
        eq(actions.proView, false),
        notInArray(actions.status, LAPSED),
        gte(actions.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The crowd confirmed a page's answer (D5.3): it becomes the stored fact. */
export async function confirmImdbFact(
  tx: Db,
  fact: { pageCode: string; question: string; value: number; at: Date },
): Promise<void> {
  await tx
    .insert(imdbFacts)
    .values({
      pageCode: fact.pageCode,
      question: fact.question,
      value: fact.value,
      source: 'crowd',
      confirmedAt: fact.at,
    })
    .onConflictDoUpdate({
      target: [imdbFacts.pageCode, imdbFacts.question],
      set: { value: fact.value, source: 'crowd', confirmedAt: fact.at },
    });
}

/** The facts the platform's reader found on a page (D5.4), each kept as the page's answer. */
export async function keepReaderFacts(
  tx: Db,
  pageCode: string,
  facts: { question: string; value: number }[],
  at: Date,
): Promise<void> {
  for (const fact of facts) {
    await tx
      .insert(imdbFacts)
      .values({ pageCode, ...fact, source: 'reader', confirmedAt: at })
      .onConflictDoUpdate({
        target: [imdbFacts.pageCode, imdbFacts.question],
        set: { value: sql`excluded.value`, source: 'reader', confirmedAt: at },
      });
  }
}
