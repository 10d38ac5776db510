import { describe, expect, it } from 'vitest';
import { exchange } from '@marquee/contract';
import {
  clampReputation,
  colourOf,
  effectOf,
  followChecked,
  isMissingTitle,
  moveOf,
  stageOf,
  withheld,
  type SwapState,
} from './instagram.policy.js';

/** The Instagram exchange's pure rules (EX3-EX7); the whole state machine is walked through the API in instagram-states.test.ts. */

describe('reputationColour (spec 3 §9, EX3): over 650 green, over 500 orange, else red', () => {
  it.each([
    [0, 'red'],
    [500, 'red'],
    [501, 'orange'],
    [600, 'orange'],
    [650, 'orange'],
    [651, 'green'],
    [1000, 'green'],
  ] as const)('%i is %s', (reputation, colour) => {
    expect(exchange.reputationColour(reputation)).toBe(colour);
  });
});

describe('reputation bounds (EX3)', () => {
  it.each([
    [-30, 0],
    [0, 0],
    [610, 610],
    [1000, 1000],
    [1010, 1000],
  ])('%i is kept as %i', (value, kept) => {
    expect(clampReputation(value)).toBe(kept);
  });

  it('withholds new listings from 5 review items (spec 4 §6)', () => {
    expect(withheld(4)).toBe(false);
    expect(withheld(5)).toBe(true);
  });
});

describe('the swap state machine (EX5)', () => {
  const A = 1001;
  const B = 1002;
  const swap = (status1: string, status2: string | null = null, acknowledged = false): SwapState => ({
    initiatorId: A,
    receiverId: B,
    status1,
    status2,
    acknowledged,
  });

  it('lets each move be made by one member only, naming the other', () => {
    expect(moveOf(swap('claimed'), { status: 'claimed', userNumber: 2, viewerId: B, otherId: A })).toBe(
      'follow_back',
    );
    expect(moveOf(swap('claimed'), { status: 'claimed', userNumber: 2, viewerId: A, otherId: B })).toBeNull();
    expect(
      moveOf(swap('claimed'), { status: 'claimed', userNumber: 2, viewerId: B, otherId: 1003 }),
    ).toBeNull();
    expect(moveOf(null, { status: 'claimed', userNumber: 1, viewerId: A, otherId: A })).toBeNull();
    expect(
      moveOf(swap('verified', 'claimed'), { status: 'verified', userNumber: 2, viewerId: A, otherId: B }),
    ).toBe('complete');
  });

  it('acknowledges a contest once, by the contested member with the number of their own follow', () => {
    const ask = { status: 'acknowledged' as const, viewerId: A, otherId: B };
    expect(moveOf(swap('contested'), { ...ask, userNumber: 1 })).toBe('acknowledge');
    expect(moveOf(swap('contested'), { ...ask, userNumber: 2 })).toBeNull();
    expect(moveOf(swap('contested', null, true), { ...ask, userNumber: 1 })).toBeNull();
    expect(moveOf(swap('verified', 'contested'), { ...ask, viewerId: B, otherId: A, userNumber: 2 })).toBe(
      'acknowledge',
    );
  });

  it('costs the contested member 50 and the contester 20 (D7.1), and the skipper of a follow back 20', () => {
    expect(effectOf('contest_follow', swap('claimed')).changes).toEqual([
      { userId: A, delta: -50 },
      { userId: B, delta: -20 },
    ]);
    expect(effectOf('contest_follow_back', swap('verified', 'claimed')).changes).toEqual([
      { userId: B, delta: -50 },
      { userId: A, delta: -20 },
    ]);
    expect(effectOf('skip_follow_back', swap('claimed')).changes).toEqual([{ userId: B, delta: -20 }]);
    expect(effectOf('skip_new', swap('new')).changes).toEqual([]);
  });

  it('asks the verifier for a claim’s follow and a contest’s, and nothing else (EX7)', () => {
    expect(followChecked('start', swap('new'))).toEqual({ check: 'claim', follower: A, followed: B });
    expect(followChecked('follow_back', swap('claimed'))).toEqual({
      check: 'claim',
      follower: B,
      followed: A,
    });
    expect(followChecked('contest_follow', swap('claimed'))).toEqual({
      check: 'contest',
      follower: A,
      followed: B,
    });
    expect(followChecked('complete', swap('verified', 'claimed'))).toBeNull();
  });

  it('shows a swap as the card it asks of each member (EX4)', () => {
    expect(stageOf(swap('claimed'), B)).toBe('follow_back');
    expect(stageOf(swap('claimed'), A)).toBeNull();
    expect(stageOf(swap('verified', 'claimed'), A)).toBe('review');
    expect(stageOf(swap('contested'), A)).toBe('acknowledge');
    expect(stageOf(swap('contested'), B)).toBeNull();
    expect(stageOf(swap('contested', null, true), A)).toBeNull();
  });

  it('colours the answer info while the swap waits on the other member', () => {
    expect(colourOf('start')).toBe('info');
    expect(colourOf('follow_back')).toBe('info');
    expect(colourOf('complete')).toBe('success');
    expect(colourOf('acknowledge')).toBe('success');
  });
});

describe('a missing profile (EX2)', () => {
  it('is a title of ")" or none', () => {
    expect(isMissingTitle(')')).toBe(true);
    expect(isMissingTitle(' ')).toBe(true);
    expect(isMissingTitle('Pluto (@pluto__travel) • Instagram photos and videos')).toBe(false);
  });
});
