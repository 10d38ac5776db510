import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, or } from 'drizzle-orm';
import { exchange, profile } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { buildMember, setStatus } from '../../../test/factories.js';
import { alerts } from '../alerts/alerts.tables.js';
import { users } from '../members/members.tables.js';
import { instagramListings, instagramSwaps } from './exchange.tables.js';
import {
  follow,
  listedMember,
  move,
  reputations,
  swapBetween,
  swapRow,
  type ExchangeMember,
} from './instagram.test-support.js';

/**
 * The Instagram exchange's lists and moves through the API (EX4-EX8): who is offered, the cards, the
 * answers with their colours, the alerts, the follow checks of the simulated Instagram, the limits.
 */
const t = useTestApp({ ownDatabase: true });
const { EXCHANGE_MESSAGES } = exchange;
const notHere = EXCHANGE_MESSAGES.notHere;

const lists = (m: { token: string }, input: Record<string, unknown> = {}) =>
  t.call(exchange.fetchAvailableListings, input, m.token);
const alertsOf = (userId: number) => t.db.select().from(alerts).where(eq(alerts.userId, userId));

/**
 * A viewer at 50 reputation sees only listings whose initiation limit is Any: the other listed members
 * of the file (limit 500) stay out of the way. Targets are listed at `reputation` with the limit Any.
 */
const viewer = () => listedMember(t, { reputation: 50 });
const target = (reputation = 900, opts: Parameters<typeof listedMember>[1] = {}) =>
  listedMember(t, { reputation, repLimit: 0, ...opts });

afterEach(() => vi.restoreAllMocks());

describe('exchange/instagram/fetchAvailableListings: New Listings (EX4)', () => {
  it('lists eligible listings as new cards, highest reputation first then newest, at most 10', async () => {
    const me = await viewer();
    const made: ExchangeMember[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await target(990 - Math.floor(i / 2) * 5, {
          createdAt: new Date(t.clock.now().getTime() - i * 60_000),
        }),
      );
    }
    const res = await lists(me);
    expect(res.statusCode).toBe(200);
    expect(res.body.newWithheld).toBe(false);
    expect(res.body.myReputation).toBe(50);
    // Equal reputations (pairs) go newest first: the order made is already that order.
    expect(res.body.newListings.map((c) => c.user_id)).toEqual(made.slice(0, 10).map((m) => m.id));
    const first = made[0] as ExchangeMember;
    const [listing] = await t.db
      .select()
      .from(instagramListings)
      .where(eq(instagramListings.userId, first.id));
    expect(res.body.newListings[0]).toEqual({
      id: 'new',
      user_id: first.id,
      user_number: 1,
      mine: null,
      theirs: null,
      stage: 'new',
      status_1: null,
      url: `https://www.instagram.com/${first.handle}/`,
      open_url: `/sim/instagram/${first.handle}`,
      profile: `/media/80/${listing?.image}`,
      name: first.handle,
      title: listing?.title,
      description: listing?.description,
      reputation: 990,
      first: 'Test',
      last: expect.stringMatching(/^Member /),
    });
  });

  it('leaves out the member’s own, free, lapsed, inactive, blocked, already-met and out-of-reach listings', async () => {
    const me = await viewer();
    const ok = await target(1000);
    const free = await target(1000, { membership: 'free' });
    const lapsed = await target(1000);
    await t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, lapsed.id));
    const managed = await target(1000, { membership: 'managed' });
    const pro = await target(1000, { membership: 'pro' });
    const gone = await target(1000);
    await setStatus(t.db, gone.id, 'deactivated');
    const blockedByMe = await target(1000);
    const blockingMe = await target(1000);
    expect((await t.call(profile.blockUser, { user_id: blockedByMe.id }, me.token)).statusCode).toBe(200);
    expect((await t.call(profile.blockUser, { user_id: me.id }, blockingMe.token)).statusCode).toBe(200);
    const skipped = await target(1000);
    await swapBetween(t, me, skipped, 'skipped');
    const theySkipped = await target(1000);
    await swapBetween(t, theySkipped, me, 'skipped');
    const done = await target(1000);
    await swapBetween(t, done, me, 'verified', 'verified');
    const tooHigh = await target(1000, { repLimit: 100 });
    const res = await lists(me, { mr: 1000 });
    const ids = res.body.newListings.map((c) => c.user_id);
    expect(ids).toEqual(expect.arrayContaining([ok.id, managed.id, pro.id]));
    for (const out of [me, free, lapsed, gone, blockedByMe, blockingMe, skipped, theySkipped, done, tooHigh])
      expect(ids).not.toContain(out.id);
    // The page's `mr` plays no part: the server's 50 is what the limit of 100 is compared with.
    expect(res.body.myReputation).toBe(50);
  });

  it('withholds new listings while 5 or more review items wait (spec 4 §6)', async () => {
    const me = await viewer();
    await target(1000);
    for (let i = 0; i < 4; i++) await swapBetween(t, me, await listedMember(t), 'verified', 'claimed');
    const four = await lists(me);
    expect(four.body).toMatchObject({ newWithheld: false });
    expect(four.body.reviewListings).toHaveLength(4);
    expect(four.body.newListings.length).toBeGreaterThan(0);
    // A contest to acknowledge is a review item too.
    await swapBetween(t, me, await listedMember(t), 'contested');
    const five = await lists(me);
    expect(five.body).toMatchObject({ newWithheld: true, newListings: [] });
    expect(five.body.reviewListings).toHaveLength(5);
    // And a swap can no longer be started from them.
    const someone = await target(1000);
    await follow(t, me, someone);
    const refused = await move(t, me, {
      status: 'claimed',
      action_id: 'new',
      user_number: 1,
      other_id: someone.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(notHere);
  });

  it('gives empty lists to a member without a listing', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'pro' });
    expect((await lists(m)).body).toEqual({
      status: 'success',
      newListings: [],
      followBackListings: [],
      reviewListings: [],
      myReputation: 600,
      newWithheld: false,
    });
  });
});

describe('exchange/instagram/fetchAvailableListings: Follow Back and For Review (EX4)', () => {
  it('shows each swap waiting on the member as its card, oldest first, and nothing else', async () => {
    const me = await listedMember(t);
    const [a, b, c, d, e, f, g] = await Promise.all(Array.from({ length: 7 }, () => listedMember(t)));
    const at = (minutes: number) => ({ at: new Date(t.clock.now().getTime() - minutes * 60_000) });
    const followBack = await swapBetween(t, a!, me, 'claimed', null, at(50));
    const review = await swapBetween(t, me, b!, 'verified', 'claimed', at(40));
    const contestedMine = await swapBetween(t, me, c!, 'contested', null, at(30));
    const contestedBack = await swapBetween(t, d!, me, 'verified', 'contested', at(20));
    // Waiting on the others, settled, acknowledged, skipped: nothing asked of me.
    await swapBetween(t, me, e!, 'claimed');
    await swapBetween(t, f!, me, 'verified', 'claimed');
    await swapBetween(t, me, g!, 'contested', null, { acknowledged: true });
    const res = await lists(me);
    expect(res.body.followBackListings).toMatchObject([
      {
        id: followBack,
        user_id: a!.id,
        user_number: 2,
        stage: 'follow_back',
        mine: null,
        theirs: 'claimed',
        status_1: 'claimed',
        open_url: `/sim/instagram/${a!.handle}`,
        name: a!.handle,
        reputation: 600,
      },
    ]);
    expect(res.body.reviewListings).toMatchObject([
      {
        id: review,
        user_id: b!.id,
        user_number: 2,
        stage: 'review',
        mine: 'verified',
        theirs: 'claimed',
        status_1: 'verified',
      },
      {
        id: contestedMine,
        user_id: c!.id,
        stage: 'acknowledge',
        mine: 'contested',
        theirs: null,
        status_1: 'contested',
      },
      {
        id: contestedBack,
        user_id: d!.id,
        stage: 'acknowledge',
        mine: 'contested',
        theirs: 'verified',
        status_1: 'verified',
      },
    ]);
  });

  it('hides a swap with a member who blocked or was blocked, or is no longer active; such a swap cannot be moved', async () => {
    const me = await listedMember(t);
    const blocker = await listedMember(t);
    const gone = await listedMember(t);
    const id = await swapBetween(t, blocker, me, 'claimed');
    const goneId = await swapBetween(t, gone, me, 'claimed');
    await follow(t, me, blocker);
    await t.call(profile.blockUser, { user_id: me.id }, blocker.token);
    await setStatus(t.db, gone.id, 'deactivated');
    expect((await lists(me)).body.followBackListings).toEqual([]);
    for (const [swapId, other] of [
      [id, blocker],
      [goneId, gone],
    ] as const) {
      const res = await move(t, me, {
        status: 'claimed',
        action_id: swapId,
        user_number: 2,
        other_id: other.id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe(notHere);
      expect(await swapRow(t, swapId)).toMatchObject({ status1: 'claimed', status2: null });
    }
  });
});

describe('exchange/instagram/updateActionStatus: a whole swap (EX5, EX7, EX8)', () => {
  it('starts, follows back and completes a swap, alerting the member each step waits on', async () => {
    const jane = await listedMember(t);
    await t.db.update(users).set({ first: 'Jane', last: 'Doe' }).where(eq(users.id, jane.id));
    const sam = await target(700);
    await t.db.update(users).set({ first: 'Sam', last: 'Reyes' }).where(eq(users.id, sam.id));

    // Jane follows Sam on the simulated Instagram, then says so.
    await follow(t, jane, sam);
    const started = await move(t, jane, {
      status: 'claimed',
      action_id: 'new',
      user_number: 1,
      other_id: sam.id,
    });
    expect(started.statusCode, started.body.message).toBe(200);
    expect(started.body).toEqual({
      status: 'success',
      color: 'info',
      message: `Thanks! We let Sam know you followed @${sam.handle}. Their follow back will show here for you to confirm once Sam follows you.`,
      myReputation: 600,
    });
    expect(await alertsOf(sam.id)).toMatchObject([
      {
        actorId: jane.id,
        kind: 'exchange_follow',
        content: `Jane Doe (@${jane.handle}) followed you on Instagram. Follow them back on the Exchange.`,
        link: '/exchange/instagram',
      },
    ]);
    const [card] = (await lists(sam)).body.followBackListings;
    expect(card).toMatchObject({ user_id: jane.id, stage: 'follow_back', first: 'Jane', last: 'Doe' });

    // Sam follows back, then says so.
    await follow(t, sam, jane);
    const back = await move(t, sam, {
      status: 'claimed',
      action_id: card!.id,
      user_number: 2,
      other_id: jane.id,
    });
    expect(back.body).toMatchObject({
      color: 'info',
      message: 'Thanks! We let Jane know you followed back. Jane will confirm your follow.',
    });
    expect(await alertsOf(jane.id)).toMatchObject([
      {
        actorId: sam.id,
        kind: 'exchange_review',
        content: `Sam Reyes (@${sam.handle}) followed you back on Instagram. Please confirm it on the Exchange.`,
        link: '/exchange/instagram',
      },
    ]);

    // Jane confirms: +10 each.
    const [review] = (await lists(jane)).body.reviewListings;
    expect(review).toMatchObject({ id: card!.id, stage: 'review', mine: 'verified', theirs: 'claimed' });
    const done = await move(t, jane, {
      status: 'verified',
      action_id: card!.id,
      user_number: 2,
      other_id: sam.id,
    });
    expect(done.body).toEqual({
      status: 'success',
      color: 'success',
      message: 'Swap complete! You and Sam each gained 10 reputation.',
      myReputation: 610,
    });
    expect(await reputations(t, jane.id, sam.id)).toEqual({ [jane.id]: 610, [sam.id]: 710 });
    expect((await lists(jane)).body.reviewListings).toEqual([]);
    expect((await lists(sam)).body.followBackListings).toEqual([]);
  });

  it('contests, alerts the contested member, and clears on acknowledgement', async () => {
    const initiator = await listedMember(t);
    const receiver = await listedMember(t);
    await t.db.update(users).set({ first: 'Rio', last: 'Vance' }).where(eq(users.id, receiver.id));
    const id = await swapBetween(t, initiator, receiver, 'claimed');
    const contest = await move(t, receiver, {
      status: 'contested',
      action_id: id,
      user_number: 1,
      other_id: initiator.id,
    });
    expect(contest.body).toMatchObject({ color: 'success', myReputation: 580 });
    expect(contest.body.message).toMatch(
      /^You contested Test's follow\. It cost Test 50 reputation and you 20; we let Test know\.$/,
    );
    expect(await alertsOf(initiator.id)).toMatchObject([
      {
        actorId: receiver.id,
        kind: 'exchange_contest',
        content: 'Rio Vance contested your Instagram follow, which cost you 50 reputation.',
        link: '/exchange/instagram',
      },
    ]);
    expect((await lists(initiator)).body.reviewListings).toMatchObject([{ id, stage: 'acknowledge' }]);
    const ack = await move(t, initiator, {
      status: 'acknowledged',
      action_id: id,
      user_number: 1,
      other_id: receiver.id,
    });
    expect(ack.body).toEqual({
      status: 'success',
      color: 'success',
      message: 'Thanks. The contest is cleared from your list.',
      myReputation: 550,
    });
    expect((await lists(initiator)).body.reviewListings).toEqual([]);
    expect(await reputations(t, initiator.id, receiver.id)).toEqual({
      [initiator.id]: 550,
      [receiver.id]: 580,
    });
  });

  it('skips: a new listing costs nothing and is never offered again; a follow back costs 20', async () => {
    const me = await viewer();
    const other = await target(1000);
    const skip = await move(t, me, {
      status: 'skipped',
      action_id: 'new',
      user_number: 1,
      other_id: other.id,
    });
    expect(skip.body).toMatchObject({
      color: 'success',
      message: 'Skipped. You will not see Test here again.',
      myReputation: 50,
    });
    expect((await lists(me)).body.newListings.map((c) => c.user_id)).not.toContain(other.id);
    expect((await lists(other)).body.newListings.map((c) => c.user_id)).not.toContain(me.id);
    expect(await alertsOf(other.id)).toEqual([]);

    const initiator = await listedMember(t);
    const receiver = await listedMember(t);
    const id = await swapBetween(t, initiator, receiver, 'claimed');
    const back = await move(t, receiver, {
      status: 'skipped',
      action_id: id,
      user_number: 2,
      other_id: initiator.id,
    });
    expect(back.body).toMatchObject({
      color: 'success',
      message: 'You skipped following Test back. That cost you 20 reputation.',
      myReputation: 580,
    });
  });

  it('keeps reputation between 0 and 1000 (EX3)', async () => {
    const low = await listedMember(t, { reputation: 30 });
    const high = await listedMember(t, { reputation: 995 });
    const completed = await swapBetween(t, high, low, 'verified', 'claimed');
    await move(t, high, { status: 'verified', action_id: completed, user_number: 2, other_id: low.id });
    expect(await reputations(t, high.id, low.id)).toEqual({ [high.id]: 1000, [low.id]: 40 });
    // One swap per pair: the contest is between two others.
    const poor = await listedMember(t, { reputation: 30 });
    const contester = await listedMember(t, { reputation: 10 });
    const contested = await swapBetween(t, poor, contester, 'claimed');
    await move(t, contester, {
      status: 'contested',
      action_id: contested,
      user_number: 1,
      other_id: poor.id,
    });
    expect(await reputations(t, poor.id, contester.id)).toEqual({ [poor.id]: 0, [contester.id]: 0 });
  });
});

describe('exchange/instagram/updateActionStatus: the follow checks of EX7', () => {
  it('refuses a claim the simulated Instagram does not show, and takes it once the Follow is clicked', async () => {
    const me = await viewer();
    const other = await target(1000);
    const input = { status: 'claimed', action_id: 'new' as const, user_number: 1, other_id: other.id };
    const refused = await move(t, me, input);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(
      `We could not see your follow of @${other.handle} on Instagram. Make sure you are signed in to Instagram as @${me.handle} when you press Follow, then try again.`,
    );
    expect((await lists(me)).body.newListings.map((c) => c.user_id)).toContain(other.id);
    // Followed as another account: still not the member's follow.
    await t.app.inject({
      method: 'POST',
      url: `/sim/instagram/${other.handle}/follow`,
      headers: { cookie: 'sim_instagram=someone_else' },
    });
    expect((await move(t, me, input)).statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: `/sim/instagram/${other.handle}/follow`,
      headers: { cookie: `sim_instagram=${me.handle}` },
    });
    expect((await move(t, me, input)).statusCode).toBe(200);
  });

  it('refuses the follow back claimed without a follow, and a contest of a follow Instagram shows', async () => {
    const initiator = await listedMember(t);
    const receiver = await listedMember(t);
    const id = await swapBetween(t, initiator, receiver, 'claimed');
    const back = await move(t, receiver, {
      status: 'claimed',
      action_id: id,
      user_number: 2,
      other_id: initiator.id,
    });
    expect(back.statusCode).toBe(409);
    expect(back.body.message).toMatch(/^We could not see your follow of @/);
    await follow(t, initiator, receiver);
    const contest = await move(t, receiver, {
      status: 'contested',
      action_id: id,
      user_number: 1,
      other_id: initiator.id,
    });
    expect(contest.statusCode).toBe(409);
    expect(contest.body.message).toBe(
      `We can see that @${initiator.handle} follows @${receiver.handle} on Instagram, so there is nothing to contest.`,
    );
    expect(await swapRow(t, id)).toMatchObject({ status1: 'claimed', status2: null });
    expect(await reputations(t, initiator.id, receiver.id)).toEqual({
      [initiator.id]: 600,
      [receiver.id]: 600,
    });
  });

  it('lets a claim stand when Instagram cannot say (the real platform answers unknown)', async () => {
    vi.spyOn(t.app.deps.integrations.verifier, 'instagramFollows').mockResolvedValue('unknown');
    const me = await viewer();
    const other = await target(1000);
    const res = await move(t, me, {
      status: 'claimed',
      action_id: 'new',
      user_number: 1,
      other_id: other.id,
    });
    expect(res.statusCode).toBe(200);
    const id = await swapBetween(t, await listedMember(t), me, 'claimed');
    const contest = await move(t, me, {
      status: 'contested',
      action_id: id,
      user_number: 1,
      other_id: (await swapRow(t, id))!.initiatorId,
    });
    expect(contest.statusCode).toBe(200);
  });
});

describe('exchange/instagram/updateActionStatus: who may start a swap, and bad input', () => {
  it('refuses a new swap with a member out of reach, blocked, free, or unknown', async () => {
    const me = await viewer();
    const tooHigh = await target(1000, { repLimit: 100 });
    const blocked = await target(1000);
    await t.call(profile.blockUser, { user_id: me.id }, blocked.token);
    const free = await target(1000, { membership: 'free' });
    for (const other of [tooHigh, blocked, free]) {
      await follow(t, me, other);
      const res = await move(t, me, {
        status: 'claimed',
        action_id: 'new',
        user_number: 1,
        other_id: other.id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe(notHere);
    }
    for (const otherId of [me.id, 999_999]) {
      const res = await move(t, me, {
        status: 'skipped',
        action_id: 'new',
        user_number: 1,
        other_id: otherId,
      });
      expect(res.statusCode).toBe(409);
    }
    const unknownSwap = await move(t, me, {
      status: 'verified',
      action_id: 999_999,
      user_number: 2,
      other_id: tooHigh.id,
    });
    expect(unknownSwap.statusCode).toBe(409);
    expect(unknownSwap.body.message).toBe(notHere);
  });

  it('asks a member without a listing to set one up first', async () => {
    const m = await buildMember(t.db, t.clock, { membership: 'premium' });
    const other = await target(1000);
    const res = await move(t, m, { status: 'claimed', action_id: 'new', user_number: 1, other_id: other.id });
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe('Please set up your Instagram listing first.');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const initiator = await listedMember(t);
    const receiver = await listedMember(t);
    const id = await swapBetween(t, initiator, receiver, 'verified', 'claimed');
    const good = { status: 'verified', action_id: id, user_number: 2, other_id: receiver.id };
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...good, status: 'done' },
        'Please say whether you followed, skipped, verified, contested or acknowledged.',
      ],
      [
        { ...good, status: undefined },
        'Please say whether you followed, skipped, verified, contested or acknowledged.',
      ],
      [{ ...good, action_id: 'newest' }, 'Please give a valid exchange id.'],
      [{ ...good, action_id: -4 }, 'Please give a valid exchange id.'],
      [{ ...good, user_number: 3 }, 'Please say which follow of the exchange this is.'],
      [{ ...good, other_id: 'x' }, 'Please give a valid member id.'],
      [{ ...good, other_id: undefined }, 'Please give a valid member id.'],
    ];
    for (const [input, message] of cases) {
      const res = await t.call(exchange.updateActionStatus, input, initiator.token);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await swapRow(t, id)).toMatchObject({ status1: 'verified', status2: 'claimed' });
    expect(await reputations(t, initiator.id, receiver.id)).toEqual({
      [initiator.id]: 600,
      [receiver.id]: 600,
    });
    const raised = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, receiver.id)));
    expect(raised).toEqual([]);
  });

  it('does not let a third member move someone else’s swap', async () => {
    const initiator = await listedMember(t);
    const receiver = await listedMember(t);
    const third = await listedMember(t);
    const id = await swapBetween(t, initiator, receiver, 'verified', 'claimed');
    for (const other of [initiator, receiver]) {
      const res = await move(t, third, {
        status: 'verified',
        action_id: id,
        user_number: 2,
        other_id: other.id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe(notHere);
    }
    expect(await swapRow(t, id)).toMatchObject({ status1: 'verified', status2: 'claimed' });
  });
});

describe('a member whose paid time lapsed (EX1, EX4)', () => {
  const lapse = (...ids: number[]) =>
    t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() - 1000) })
      .where(inArray(users.id, ids));
  const payAgain = (...ids: number[]) =>
    t.db
      .update(users)
      .set({ premiumExpires: new Date(t.clock.now().getTime() + 30 * 86_400_000) })
      .where(inArray(users.id, ids));

  it('hides their swaps from the other member, refuses every move on them, and shows them again once they pay', async () => {
    const me = await listedMember(t);
    const initiator = await listedMember(t);
    const receiver = await listedMember(t);
    const followBack = await swapBetween(t, initiator, me, 'claimed');
    const review = await swapBetween(t, me, receiver, 'verified', 'claimed');
    await follow(t, me, initiator);
    await lapse(initiator.id, receiver.id);
    const hidden = await lists(me);
    expect(hidden.body.followBackListings).toEqual([]);
    expect(hidden.body.reviewListings).toEqual([]);
    const moves = [
      { status: 'claimed', action_id: followBack, user_number: 2, other_id: initiator.id },
      { status: 'skipped', action_id: followBack, user_number: 2, other_id: initiator.id },
      { status: 'verified', action_id: review, user_number: 2, other_id: receiver.id },
      { status: 'contested', action_id: review, user_number: 2, other_id: receiver.id },
    ];
    for (const input of moves) {
      const res = await move(t, me, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(409);
      expect(res.body.message).toBe(notHere);
    }
    expect(await swapRow(t, followBack)).toMatchObject({ status1: 'claimed', status2: null });
    expect(await swapRow(t, review)).toMatchObject({ status1: 'verified', status2: 'claimed' });
    expect(await reputations(t, me.id, initiator.id, receiver.id)).toEqual({
      [me.id]: 600,
      [initiator.id]: 600,
      [receiver.id]: 600,
    });
    expect(await alertsOf(initiator.id)).toEqual([]);

    await payAgain(initiator.id, receiver.id);
    const shown = await lists(me);
    expect(shown.body.followBackListings.map((c) => c.id)).toEqual([followBack]);
    expect(shown.body.reviewListings.map((c) => c.id)).toEqual([review]);
    const back = await move(t, me, moves[0]!);
    expect(back.statusCode, back.body.message).toBe(200);
  });

  it('does not count their swaps as waiting items: the member may remove the listing (EX9)', async () => {
    const me = await listedMember(t);
    const other = await listedMember(t);
    await swapBetween(t, other, me, 'claimed');
    await lapse(other.id);
    const res = await t.call(exchange.removeListing, {}, me.token);
    expect(res.statusCode, res.body.message).toBe(200);
  });
});

describe('a move checked again under its locks (EX6)', () => {
  /** The verifier sees every follow, and `change` happens while it is being asked. */
  const during = (change: () => Promise<unknown>) =>
    vi.spyOn(t.app.deps.integrations.verifier, 'instagramFollows').mockImplementation(async () => {
      await change();
      return 'seen';
    });
  const swapsOf = (a: number, b: number) =>
    t.db
      .select()
      .from(instagramSwaps)
      .where(
        or(
          and(eq(instagramSwaps.initiatorId, a), eq(instagramSwaps.receiverId, b)),
          and(eq(instagramSwaps.initiatorId, b), eq(instagramSwaps.receiverId, a)),
        ),
      );

  const changes: [string, (me: ExchangeMember, other: ExchangeMember) => Promise<unknown>][] = [
    [
      'the other member raises their initiation limit above the viewer’s reputation',
      (_me, other) => t.call(exchange.updateRepLimit, { repLimit: 800 }, other.token),
    ],
    [
      'the other member blocks the viewer',
      (me, other) => t.call(profile.blockUser, { user_id: me.id }, other.token),
    ],
    [
      'the viewer blocks the other member',
      (me, other) => t.call(profile.blockUser, { user_id: other.id }, me.token),
    ],
    [
      'the other member’s paid time lapses',
      (_me, other) =>
        t.db
          .update(users)
          .set({ premiumExpires: new Date(t.clock.now().getTime() - 1000) })
          .where(eq(users.id, other.id)),
    ],
    [
      'a fifth review item reaches the viewer',
      async (me) => {
        for (let i = 0; i < 5; i++) await swapBetween(t, me, await listedMember(t), 'verified', 'claimed');
      },
    ],
  ];

  it.each(changes)('refuses a new swap when %s during the follow check', async (_what, change) => {
    const me = await listedMember(t);
    const other = await listedMember(t);
    during(() => change(me, other));
    const res = await move(t, me, {
      status: 'claimed',
      action_id: 'new',
      user_number: 1,
      other_id: other.id,
    });
    expect(res.statusCode, res.body.message).toBe(409);
    expect(res.body.message).toBe(notHere);
    expect(await swapsOf(me.id, other.id)).toEqual([]);
    expect(await alertsOf(other.id)).toEqual([]);
  });

  it.each(changes.slice(1, 4))(
    'refuses a follow back when %s during the follow check',
    async (_what, change) => {
      const me = await listedMember(t);
      const other = await listedMember(t);
      const id = await swapBetween(t, other, me, 'claimed');
      during(() => change(me, other));
      const res = await move(t, me, { status: 'claimed', action_id: id, user_number: 2, other_id: other.id });
      expect(res.statusCode, res.body.message).toBe(409);
      expect(res.body.message).toBe(notHere);
      expect(await swapRow(t, id)).toMatchObject({ status1: 'claimed', status2: null });
      expect(await alertsOf(other.id)).toEqual([]);
    },
  );

  it('starts the swap when nothing changed during the follow check', async () => {
    const me = await listedMember(t);
    const other = await listedMember(t);
    during(async () => {});
    const res = await move(t, me, {
      status: 'claimed',
      action_id: 'new',
      user_number: 1,
      other_id: other.id,
    });
    expect(res.statusCode, res.body.message).toBe(200);
    expect(await swapsOf(me.id, other.id)).toHaveLength(1);
  });
});
