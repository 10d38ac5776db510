import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { earn } from '@marquee/contract';
import { rowsOf, type Db, type Tx } from '../../platform/db/database.js';
import { SETTING_DEFAULTS, type SettingKey } from '../../platform/settings.js';
import { readSettings } from '../../platform/settings.repo.js';
import { siteSettings } from '../../platform/settings.tables.js';
import { listings } from '../listings/listings.tables.js';
import { purchases } from '../payments/payments.tables.js';
import { specialDismissals, specials } from './sponsored.tables.js';
import type { RunningSpecial, SponsorPrices } from './sponsored.policy.js';

type ListingType = earn.ListingType;

/** A special as stored, its types read back as a list. */
export interface SpecialRow extends RunningSpecial {
  cta: string;
  startsAt: Date;
  endsAt: Date;
}

const parseTypes = (text: string): ListingType[] =>
  text.split(',').filter((t): t is ListingType => (earn.LISTING_TYPES as readonly string[]).includes(t));

const toSpecial = (row: typeof specials.$inferSelect): SpecialRow => ({
  id: row.id,
  cta: row.cta,
  minimum: row.minimum,
  maximum: row.maximum,
  pricePennies: row.pricePennies,
  types: parseTypes(row.types),
  startsAt: row.startsAt,
  endsAt: row.endsAt,
});

/** The special running at `now` (specials never overlap; the newest wins should old data disagree). */
export async function runningSpecial(db: Db | Tx, now: Date): Promise<SpecialRow | null> {
  const [row] = await db
    .select()
    .from(specials)
    .where(and(lte(specials.startsAt, now), gt(specials.endsAt, now)))
    .orderBy(desc(specials.startsAt), desc(specials.id))
    .limit(1);
  return row ? toSpecial(row) : null;
}

/** A special whose time overlaps [from, to): a new one may not (one special at a time). */
export async function overlappingSpecial(db: Db | Tx, from: Date, to: Date): Promise<SpecialRow | null> {
  const [row] = await db
    .select()
    .from(specials)
    .where(and(lt(specials.startsAt, to), gt(specials.endsAt, from)))
    .orderBy(asc(specials.startsAt))
    .limit(1);
  return row ? toSpecial(row) : null;
}

export async function insertSpecial(
  db: Db | Tx,
  values: Omit<typeof specials.$inferInsert, 'id'>,
): Promise<SpecialRow> {
  const [row] = await db.insert(specials).values(values).returning();
  return toSpecial(row as typeof specials.$inferSelect);
}

/** The operator's prices of sponsored activity (site_settings; the spec's defaults otherwise). */
export async function sponsorPrices(db: Db): Promise<SponsorPrices> {
  const settings = await readSettings(db, ['imdb_sponsor_price_pennies']);
  return { imdbPricePennies: settings.imdb_sponsor_price_pennies };
}

/**
 * What the listings' sponsored options depend on, read once for a page of listings in one query:
 * `sponsorOptions(listing.type, context.prices, context.special)` for each; and sv_max (D6.4).
 */
export async function sponsorContext(db: Db, now: Date) {
  const [row] = await rowsOf<ContextRow>(db, sponsorContextQuery(now));
  const special: SpecialRow | null =
    row && row.id !== null
      ? {
          id: Number(row.id),
          cta: row.cta as string,
          minimum: Number(row.minimum),
          maximum: Number(row.maximum),
          pricePennies: Number(row.price_pennies),
          types: parseTypes(row.types as string),
          startsAt: new Date(row.starts_at as string | Date),
          endsAt: new Date(row.ends_at as string | Date),
        }
      : null;
  return {
    svMax: row?.sv_max ?? SETTING_DEFAULTS.sv_max,
    prices: { imdbPricePennies: row?.price ?? SETTING_DEFAULTS.imdb_sponsor_price_pennies },
    special,
  };
}

/** The query of sponsorContext (its plan is checked by my-listings.test.ts). */
export function sponsorContextQuery(now: Date) {
  const setting = (key: SettingKey) => sql`(select value from ${siteSettings} where key = ${key})`;
  return sql`
    select ${setting('sv_max')} as sv_max, ${setting('imdb_sponsor_price_pennies')} as price,
           s.id, s.cta, s.types, s.minimum, s.maximum, s.price_pennies, s.starts_at, s.ends_at
    from (select 1) as one
    left join lateral (
      select * from ${specials} where starts_at <= ${now} and ends_at > ${now}
      order by starts_at desc, id desc limit 1
    ) s on true`;
}

interface ContextRow {
  sv_max: number | null;
  price: number | null;
  id: number | null;
  cta: string | null;
  types: string | null;
  minimum: number | null;
  maximum: number | null;
  price_pennies: number | null;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
}

/** D6.4 sv_max: the sponsored IMDb views paid for since `since` (purchases still granted). */
export async function sponsoredImdbViewsSoldSince(db: Db | Tx, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${purchases.quantity}), 0)::int` })
    .from(purchases)
    .innerJoin(listings, eq(listings.id, purchases.listingId))
    .where(
      and(
        eq(purchases.kind, 'sponsored'),
        gt(purchases.paidAt, since),
        eq(purchases.status, 'paid'),
        eq(listings.type, 'imdb-view'),
      ),
    );
  return row?.n ?? 0;
}

export async function findListing(db: Db | Tx, id: number) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id)).limit(1);
  return row ?? null;
}

/** The member's active listings of the given types, oldest first: those a special applies to. */
export async function activeListingsOfTypes(db: Db, userId: number, types: readonly ListingType[]) {
  if (types.length === 0) return [];
  return db
    .select({ id: listings.id, type: listings.type, name: listings.name })
    .from(listings)
    .where(
      and(eq(listings.userId, userId), eq(listings.status, 'active'), inArray(listings.type, [...types])),
    )
    .orderBy(asc(listings.id));
}

export async function isDismissed(db: Db, sessionId: number, specialId: number): Promise<boolean> {
  const [row] = await db
    .select({ specialId: specialDismissals.specialId })
    .from(specialDismissals)
    .where(and(eq(specialDismissals.sessionId, sessionId), eq(specialDismissals.specialId, specialId)))
    .limit(1);
  return Boolean(row);
}

export async function dismiss(db: Db, sessionId: number, specialId: number) {
  await db.insert(specialDismissals).values({ sessionId, specialId }).onConflictDoNothing();
}

/** Ends a special at `at` (a special not yet begun ends where it starts, so it never runs). */
export async function endSpecialAt(db: Db, id: number, at: Date) {
  await db
    .update(specials)
    .set({ endsAt: sql`greatest(${specials.startsAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(specials.id, id));
}

/** A sponsor checkout started (D10): the purchase waits as 'pending' for the provider's event; answers its id. */
export async function createSponsoredPurchase(
  db: Db,
  values: {
    userId: number;
    provider: string;
    listingId: number;
    quantity: number;
    specialId: number | null;
    amountPennies: number;
    createdAt: Date;
  },
): Promise<number> {
  const [purchase] = await db
    .insert(purchases)
    .values({
      userId: values.userId,
      provider: values.provider,
      kind: 'sponsored',
      level: null,
      months: 0,
      listingId: values.listingId,
      quantity: values.quantity,
      specialId: values.specialId,
      amountPennies: values.amountPennies,
      status: 'pending',
      createdAt: values.createdAt,
    })
    .returning({ id: purchases.id });
  return (purchase as { id: number }).id;
}

/** The provider could not be reached: the purchase is abandoned. */
export async function abandonSponsoredPurchase(db: Db, purchaseId: number) {
  await db.update(purchases).set({ status: 'abandoned' }).where(eq(purchases.id, purchaseId));
}

/** The member's latest sponsored purchase for a listing, with the listing's name and type. */
export async function latestSponsoredPurchase(db: Db, userId: number, listingId: number) {
  const [latest] = await db
    .select({
      status: purchases.status,
      quantity: purchases.quantity,
      name: listings.name,
      type: listings.type,
    })
    .from(purchases)
    .innerJoin(listings, eq(listings.id, purchases.listingId))
    .where(
      and(eq(purchases.userId, userId), eq(purchases.kind, 'sponsored'), eq(purchases.listingId, listingId)),
    )
    .orderBy(desc(purchases.id))
    .limit(1);
  return latest ?? null;
}

/**
 * Adds a paid purchase's actions to what the listing still has (grant.service.ts); false when the
 * listing no longer exists.
 */
export async function addSponsoredActions(tx: Tx, listingId: number, quantity: number): Promise<boolean> {
  const [granted] = await tx
    .update(listings)
    .set({
      sponsorBought: sql`greatest(abs(${listings.sponsorBought}), ${listings.sponsorUsed}) + ${quantity}`,
    })
    .where(eq(listings.id, listingId))
    .returning({ id: listings.id });
  return Boolean(granted);
}

/** A sponsored purchase granted: paid, with the provider's reference. */
export async function markSponsoredPurchasePaid(
  tx: Tx,
  purchaseId: number,
  paidAt: Date,
  providerRef: string,
) {
  await tx.update(purchases).set({ status: 'paid', paidAt, providerRef }).where(eq(purchases.id, purchaseId));
}

/**
 * Takes back a refunded purchase's unused actions, up to what it bought: sponsor_bought goes down by
 * the quantity but never below sponsor_used, and never up.
 */
export async function takeBackSponsoredActions(tx: Tx, listingId: number, quantity: number) {
  const bought = sql`abs(${listings.sponsorBought})`;
  await tx
    .update(listings)
    .set({ sponsorBought: sql`least(${bought}, greatest(${listings.sponsorUsed}, ${bought} - ${quantity}))` })
    .where(eq(listings.id, listingId));
}
