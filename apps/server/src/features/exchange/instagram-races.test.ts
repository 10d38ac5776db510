import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import { exchange } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { alerts } from '../alerts/alerts.tables.js';
import { instagramListings, instagramMembers, instagramSwaps } from './exchange.tables.js';
import { follow, listedMember, move, reputations, swapBetween, swapRow } from './instagram.test-support.js';

/**
 * EX6, moves at once: on PostgreSQL these run on the pool's connections together, each waiting for the
 * swap's row lock (a new swap: the pair's unique index); on PGlite one after another. Either way each
 * move settles once, and the reputations show exactly one outcome.
 */
const t = useTestApp({ ownDatabase: true });

const codes = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

afterEach(() => vi.restoreAllMocks());

describe('Instagram swaps at once (EX6)', () => {
  it('gives +10 to each member exactly once when one member confirms the same follow back many times at once', async () => {
    for (let round = 0; round < 3; round++) {
      const initiator = await listedMember(t);
      const receiver = await listedMember(t);
      const id = await swapBetween(t, initiator, receiver, 'verified', 'claimed');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          move(t, initiator, { status: 'verified', action_id: id, user_number: 2, other_id: receiver.id }),
        ),
      );
      expect(codes(answers)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const a of answers)
        if (a.statusCode === 409) expect(a.body.message).toBe(exchange.EXCHANGE_MESSAGES.notHere);
      expect(await swapRow(t, id)).toMatchObject({ status1: 'verified', status2: 'verified' });
      expect(await reputations(t, initiator.id, receiver.id)).toEqual({
        [initiator.id]: 610,
        [receiver.id]: 610,
      });
    }
  });

  it('keeps one swap when both members start one with each other at once', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await listedMember(t);
      const b = await listedMember(t);
      await follow(t, a, b);
      await follow(t, b, a);
      const answers = await Promise.all([
        move(t, a, { status: 'claimed', action_id: 'new', user_number: 1, other_id: b.id }),
        move(t, b, { status: 'claimed', action_id: 'new', user_number: 1, other_id: a.id }),
        move(t, a, { status: 'claimed', action_id: 'new', user_number: 1, other_id: b.id }),
        move(t, b, { status: 'skipped', action_id: 'new', user_number: 1, other_id: a.id }),
      ]);
      expect(codes(answers)).toEqual([200, 409, 409, 409]);
      const swaps = await t.db
        .select()
        .from(instagramSwaps)
        .where(or(eq(instagramSwaps.initiatorId, a.id), eq(instagramSwaps.initiatorId, b.id)));
      expect(swaps).toHaveLength(1);
      // The winner's alert alone (a skip alerts nobody).
      const raised = await t.db
        .select()
        .from(alerts)
        .where(or(eq(alerts.userId, a.id), eq(alerts.userId, b.id)));
      expect(raised.length).toBe(swaps[0]?.status1 === 'claimed' ? 1 : 0);
      expect(await reputations(t, a.id, b.id)).toEqual({ [a.id]: 600, [b.id]: 600 });
    }
  });

  it('settles one outcome when a confirmation and a contest of the same follow back race', async () => {
    for (let round = 0; round < 5; round++) {
      const initiator = await listedMember(t);
      const receiver = await listedMember(t);
      const id = await swapBetween(t, initiator, receiver, 'verified', 'claimed');
      const answers = await Promise.all([
        move(t, initiator, { status: 'contested', action_id: id, user_number: 2, other_id: receiver.id }),
        move(t, initiator, { status: 'verified', action_id: id, user_number: 2, other_id: receiver.id }),
        move(t, initiator, { status: 'contested', action_id: id, user_number: 2, other_id: receiver.id }),
        move(t, initiator, { status: 'verified', action_id: id, user_number: 2, other_id: receiver.id }),
      ]);
      expect(codes(answers)).toEqual([200, 409, 409, 409]);
      const row = await swapRow(t, id);
      const after = await reputations(t, initiator.id, receiver.id);
      if (row?.status2 === 'verified') {
        expect(after).toEqual({ [initiator.id]: 610, [receiver.id]: 610 });
      } else {
        expect(row?.status2).toBe('contested');
        expect(after).toEqual({ [initiator.id]: 580, [receiver.id]: 550 });
      }
    }
  });

  it('settles one outcome when the receiver follows back and contests at once', async () => {
    for (let round = 0; round < 5; round++) {
      const initiator = await listedMember(t);
      const receiver = await listedMember(t);
      await follow(t, receiver, initiator);
      const id = await swapBetween(t, initiator, receiver, 'claimed');
      const answers = await Promise.all([
        move(t, receiver, { status: 'contested', action_id: id, user_number: 1, other_id: initiator.id }),
        move(t, receiver, { status: 'claimed', action_id: id, user_number: 2, other_id: initiator.id }),
        move(t, receiver, { status: 'skipped', action_id: id, user_number: 2, other_id: initiator.id }),
      ]);
      expect(codes(answers)).toEqual([200, 409, 409]);
      const row = await swapRow(t, id);
      const after = await reputations(t, initiator.id, receiver.id);
      const expected: Record<string, Record<number, number>> = {
        contested: { [initiator.id]: 550, [receiver.id]: 580 },
        claimed: { [initiator.id]: 600, [receiver.id]: 600 },
        skipped: { [initiator.id]: 600, [receiver.id]: 580 },
      };
      const outcome = row?.status1 === 'contested' ? 'contested' : (row?.status2 as string);
      expect(after).toEqual(expected[outcome]);
    }
  });

  it('keeps reputations right when one member’s swaps with many others settle at once', async () => {
    const hub = await listedMember(t);
    const others = await Promise.all(Array.from({ length: 10 }, () => listedMember(t)));
    const ids: number[] = [];
    for (const o of others) ids.push(await swapBetween(t, hub, o, 'verified', 'claimed'));
    const answers = await Promise.all(
      others.map((o, i) =>
        move(t, hub, { status: 'verified', action_id: ids[i] as number, user_number: 2, other_id: o.id }),
      ),
    );
    expect(codes(answers)).toEqual(Array(10).fill(200));
    const after = await reputations(t, hub.id, ...others.map((o) => o.id));
    expect(after[hub.id]).toBe(700);
    for (const o of others) expect(after[o.id]).toBe(610);
  });

  it('starts and settles swaps with one member while they change their limit: no deadlock, copies kept (EX3, EX6)', async () => {
    vi.spyOn(t.app.deps.integrations.verifier, 'instagramFollows').mockResolvedValue('seen');
    const hub = await listedMember(t);
    const starters = await Promise.all(Array.from({ length: 6 }, () => listedMember(t)));
    const receivers = await Promise.all(Array.from({ length: 4 }, () => listedMember(t)));
    const ids: number[] = [];
    for (const r of receivers) ids.push(await swapBetween(t, hub, r, 'verified', 'claimed'));
    const answers = await Promise.all([
      ...starters.map((s) =>
        move(t, s, { status: 'claimed', action_id: 'new', user_number: 1, other_id: hub.id }),
      ),
      ...receivers.map((r, i) =>
        move(t, hub, { status: 'verified', action_id: ids[i] as number, user_number: 2, other_id: r.id }),
      ),
      ...[800, 0, 500].map((repLimit) => t.call(exchange.updateRepLimit, { repLimit }, hub.token)),
    ]);
    for (const a of answers) expect([200, 409], a.body.message).toContain(a.statusCode);
    // The completes alone change reputations; the limit is the last one written.
    const after = await reputations(t, hub.id, ...receivers.map((r) => r.id));
    expect(after[hub.id]).toBe(640);
    for (const r of receivers) expect(after[r.id]).toBe(610);
    // Every listing's copy of its member's standing is the member's own.
    const members = [hub, ...starters, ...receivers].map((m) => m.id);
    const copies = await t.db
      .select({
        userId: instagramListings.userId,
        reputation: instagramListings.reputation,
        repLimit: instagramListings.repLimit,
        standing: instagramMembers.reputation,
        limit: instagramMembers.repLimit,
      })
      .from(instagramListings)
      .innerJoin(instagramMembers, eq(instagramMembers.userId, instagramListings.userId))
      .where(inArray(instagramListings.userId, members));
    expect(copies).toHaveLength(members.length);
    for (const c of copies) {
      expect(c.reputation).toBe(c.standing);
      expect(c.repLimit).toBe(c.limit);
    }
  });
});
