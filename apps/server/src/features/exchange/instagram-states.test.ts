import { describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { exchange } from '@marquee/contract';
import { useTestApp } from '../../../test/test-app.js';
import { instagramSwaps } from './exchange.tables.js';
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
 * EX5, the swap's state machine, walked whole: every (state, status, user_number, who) through the
 * API. Each allowed move gives the state and the reputation changes of EX5; every other answers 409
 * with the spec's text and changes nothing (the swap's row and all three reputations compared before
 * and after). The expectations are written out here from EX5, not derived from the code under test.
 */
const t = useTestApp();

type Who = 'initiator' | 'receiver' | 'third';
const STATUSES = exchange.SWAP_STATUSES;
const USER_NUMBERS = [1, 2] as const;
const WHO: Who[] = ['initiator', 'receiver', 'third'];

interface State {
  name: string;
  status1: string;
  status2: string | null;
  acknowledged?: boolean;
}

/** Every state a swap can be in (EX5), 'none' being no row for the pair yet. */
const STATES: State[] = [
  { name: 'claimed/-', status1: 'claimed', status2: null },
  { name: 'verified/claimed', status1: 'verified', status2: 'claimed' },
  { name: 'verified/verified', status1: 'verified', status2: 'verified' },
  { name: 'verified/skipped', status1: 'verified', status2: 'skipped' },
  { name: 'verified/contested', status1: 'verified', status2: 'contested' },
  { name: 'verified/contested acknowledged', status1: 'verified', status2: 'contested', acknowledged: true },
  { name: 'contested/-', status1: 'contested', status2: null },
  { name: 'contested/- acknowledged', status1: 'contested', status2: null, acknowledged: true },
  { name: 'skipped/-', status1: 'skipped', status2: null },
];

/** What an allowed move leaves: the swap's state and the reputation changes of the initiator and the receiver. */
interface Outcome {
  status1: string;
  status2: string | null;
  acknowledged: boolean;
  initiator: number;
  receiver: number;
  color: 'success' | 'info';
}

/** EX5's allowed moves on an existing swap, keyed "state|status|user_number|who". */
const ALLOWED: Record<string, Outcome> = {
  'claimed/-|claimed|2|receiver': {
    status1: 'verified',
    status2: 'claimed',
    acknowledged: false,
    initiator: 0,
    receiver: 0,
    color: 'info',
  },
  'claimed/-|skipped|2|receiver': {
    status1: 'verified',
    status2: 'skipped',
    acknowledged: false,
    initiator: 0,
    receiver: -20,
    color: 'success',
  },
  'claimed/-|contested|1|receiver': {
    status1: 'contested',
    status2: null,
    acknowledged: false,
    initiator: -50,
    receiver: -20,
    color: 'success',
  },
  'verified/claimed|verified|2|initiator': {
    status1: 'verified',
    status2: 'verified',
    acknowledged: false,
    initiator: 10,
    receiver: 10,
    color: 'success',
  },
  'verified/claimed|contested|2|initiator': {
    status1: 'verified',
    status2: 'contested',
    acknowledged: false,
    initiator: -20,
    receiver: -50,
    color: 'success',
  },
  'verified/contested|acknowledged|2|receiver': {
    status1: 'verified',
    status2: 'contested',
    acknowledged: true,
    initiator: 0,
    receiver: 0,
    color: 'success',
  },
  'contested/-|acknowledged|1|initiator': {
    status1: 'contested',
    status2: null,
    acknowledged: true,
    initiator: 0,
    receiver: 0,
    color: 'success',
  },
};

interface Fixture {
  initiator: ExchangeMember;
  receiver: ExchangeMember;
  third: ExchangeMember;
  swapId: number;
}

/**
 * Three listed members at 600 and a swap in `state`. The follows the simulated Instagram shows are
 * those the allowed moves rest on (EX7): the receiver's follow back is there, the initiator's follow
 * is not (so it may be contested), and in 'verified/claimed' neither (so the follow back may be).
 */
async function fixture(state: State): Promise<Fixture> {
  const initiator = await listedMember(t);
  const receiver = await listedMember(t);
  const third = await listedMember(t);
  if (state.name === 'claimed/-') await follow(t, receiver, initiator);
  const swapId = await swapBetween(t, initiator, receiver, state.status1, state.status2, {
    acknowledged: state.acknowledged ?? false,
  });
  return { initiator, receiver, third, swapId };
}

/** The member who moves, and the member they name. */
function actors(f: Fixture, who: Who): [ExchangeMember, ExchangeMember] {
  if (who === 'initiator') return [f.initiator, f.receiver];
  if (who === 'receiver') return [f.receiver, f.initiator];
  return [f.third, f.initiator];
}

const snapshot = async (f: Fixture) => ({
  swap: await swapRow(t, f.swapId),
  reputations: await reputations(t, f.initiator.id, f.receiver.id, f.third.id),
  swaps: await t.db
    .select()
    .from(instagramSwaps)
    .where(
      or(
        eq(instagramSwaps.initiatorId, f.third.id),
        eq(instagramSwaps.receiverId, f.third.id),
        and(eq(instagramSwaps.initiatorId, f.receiver.id), eq(instagramSwaps.receiverId, f.initiator.id)),
      ),
    ),
});

describe('EX5: every move on an existing swap', () => {
  for (const state of STATES) {
    it(`${state.name}: the allowed moves give EX5's result, every other answers 409 and changes nothing`, async () => {
      const shared = await fixture(state);
      let allowedSeen = 0;
      for (const status of STATUSES) {
        for (const userNumber of USER_NUMBERS) {
          for (const who of WHO) {
            const key = `${state.name}|${status}|${userNumber}|${who}`;
            const outcome = ALLOWED[key];
            const f = outcome ? await fixture(state) : shared;
            const [mover, named] = actors(f, who);
            const before = await snapshot(f);
            const res = await move(t, mover, {
              status,
              action_id: f.swapId,
              user_number: userNumber,
              other_id: named.id,
            });
            const after = await snapshot(f);
            if (!outcome) {
              expect(res.statusCode, key).toBe(409);
              expect(res.body.message, key).toBe(exchange.EXCHANGE_MESSAGES.notHere);
              expect(after, key).toEqual(before);
              continue;
            }
            allowedSeen += 1;
            expect(res.statusCode, `${key}: ${res.body.message}`).toBe(200);
            expect(res.body.color, key).toBe(outcome.color);
            expect(after.swap, key).toMatchObject({
              status1: outcome.status1,
              status2: outcome.status2,
              acknowledgedAt: outcome.acknowledged ? t.clock.now() : null,
            });
            expect(after.reputations, key).toEqual({
              [f.initiator.id]: 600 + outcome.initiator,
              [f.receiver.id]: 600 + outcome.receiver,
              [f.third.id]: 600,
            });
            expect(res.body.myReputation, key).toBe(after.reputations[mover.id]);
            expect(after.swaps, key).toEqual(before.swaps);
          }
        }
      }
      const expected = Object.keys(ALLOWED).filter((k) => k.startsWith(`${state.name}|`)).length;
      expect(allowedSeen).toBe(expected);
    });
  }
});

describe('EX5: every move on a new listing (no swap for the pair yet)', () => {
  it('starts or skips only as user 1 with claimed or skipped; every other answers 409 and writes nothing', async () => {
    for (const status of STATUSES) {
      for (const userNumber of USER_NUMBERS) {
        for (const who of ['initiator', 'receiver'] as const) {
          const key = `new|${status}|${userNumber}|${who}`;
          const a = await listedMember(t);
          const b = await listedMember(t);
          // Both follow each other on the simulated Instagram: a claim of either is seen (EX7).
          await follow(t, a, b);
          await follow(t, b, a);
          const [mover, named] = who === 'initiator' ? [a, b] : [b, a];
          const res = await move(t, mover, {
            status,
            action_id: 'new',
            user_number: userNumber,
            other_id: named.id,
          });
          const swaps = await t.db
            .select()
            .from(instagramSwaps)
            .where(or(eq(instagramSwaps.initiatorId, a.id), eq(instagramSwaps.receiverId, a.id)));
          const allowed = userNumber === 1 && (status === 'claimed' || status === 'skipped');
          if (!allowed) {
            expect(res.statusCode, key).toBe(409);
            expect(res.body.message, key).toBe(exchange.EXCHANGE_MESSAGES.notHere);
            expect(swaps, key).toEqual([]);
          } else {
            expect(res.statusCode, `${key}: ${res.body.message}`).toBe(200);
            expect(res.body.color, key).toBe(status === 'claimed' ? 'info' : 'success');
            expect(swaps, key).toMatchObject([
              {
                initiatorId: mover.id,
                receiverId: named.id,
                status1: status,
                status2: null,
                acknowledgedAt: null,
              },
            ]);
          }
          expect(await reputations(t, a.id, b.id), key).toEqual({ [a.id]: 600, [b.id]: 600 });
        }
      }
    }
  });
});
