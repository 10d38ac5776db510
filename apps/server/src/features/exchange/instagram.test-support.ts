import { eq, inArray } from 'drizzle-orm';
import { exchange, operationUrl, type Membership } from '@marquee/contract';
import type { TestApp } from '../../../test/test-app.js';
import { buildMember, simulateClick, unique, type BuiltMember } from '../../../test/factories.js';
import { postMultipart, type Part } from '../uploads/test-files.js';
import { instagramListings, instagramMembers, instagramSwaps } from './exchange.tables.js';

/** Members, listings, swaps and follows of the Instagram exchange for the tests (EX2-EX9). */

export interface ExchangeMember extends BuiltMember {
  handle: string;
}

/** A handle the simulated Instagram makes a profile for (rule P1). */
export const newHandle = (prefix = 'ig') => `${prefix}_${unique()}`;

/** A member with an Instagram listing and a standing, written directly (premium by default). */
export async function listedMember(
  t: TestApp,
  opts: {
    membership?: Membership;
    reputation?: number;
    repLimit?: number;
    status?: string;
    createdAt?: Date;
  } = {},
): Promise<ExchangeMember> {
  const member = await buildMember(t.db, t.clock, {
    membership: opts.membership ?? 'premium',
    status: opts.status,
  });
  const handle = newHandle();
  const standing = {
    reputation: opts.reputation ?? exchange.INSTAGRAM.startReputation,
    repLimit: opts.repLimit ?? exchange.INSTAGRAM.defaultRepLimit,
  };
  await t.db.insert(instagramMembers).values({ userId: member.id, ...standing });
  await t.db.insert(instagramListings).values({
    ...standing,
    userId: member.id,
    url: `https://www.instagram.com/${handle}/`,
    handle,
    title: `Test Member (@${handle}) • Instagram photos and videos`,
    description: `Films and stills of @${handle}.`,
    image: `${unique()}.jpg`,
    createdAt: opts.createdAt ?? t.clock.now(),
  });
  return { ...member, handle };
}

/** A follow clicked on the simulated Instagram by one listed member of another (D9.2). */
export async function follow(t: TestApp, from: ExchangeMember, to: ExchangeMember): Promise<void> {
  await simulateClick(t.db, t.clock, 'instagram', from.handle, to.handle);
}

/** A swap written directly in a given state. */
export async function swapBetween(
  t: TestApp,
  initiator: { id: number },
  receiver: { id: number },
  status1: string,
  status2: string | null = null,
  opts: { acknowledged?: boolean; at?: Date } = {},
): Promise<number> {
  const at = opts.at ?? t.clock.now();
  const [row] = await t.db
    .insert(instagramSwaps)
    .values({
      initiatorId: initiator.id,
      receiverId: receiver.id,
      status1,
      status2,
      acknowledgedAt: opts.acknowledged ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: instagramSwaps.id });
  return (row as { id: number }).id;
}

export async function swapRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(instagramSwaps).where(eq(instagramSwaps.id, id));
  return row ?? null;
}

/** The reputations of members, by id (600 for one who never set up). */
export async function reputations(t: TestApp, ...ids: number[]): Promise<Record<number, number>> {
  const rows = await t.db
    .select({ userId: instagramMembers.userId, reputation: instagramMembers.reputation })
    .from(instagramMembers)
    .where(inArray(instagramMembers.userId, ids));
  const found = new Map(rows.map((r) => [r.userId, r.reputation]));
  return Object.fromEntries(ids.map((id) => [id, found.get(id) ?? exchange.INSTAGRAM.startReputation]));
}

/** updateActionStatus as the page sends it. */
export function move(
  t: TestApp,
  mover: { token: string },
  input: { status: string; action_id: number | 'new'; user_number: number; other_id: number },
) {
  return t.call(exchange.updateActionStatus, input, mover.token);
}

/** A multipart setup form (addListing2) as the browser's FormData sends it. */
export function postSetupForm(t: TestApp, token: string | undefined, parts: Part[]) {
  return postMultipart(t.app, operationUrl(exchange.addListing2), parts, token);
}
