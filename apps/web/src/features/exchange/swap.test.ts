import { describe, expect, it } from 'vitest';
import { exchange } from '@marquee/contract';
import { buttonsOf, confirmationOf, moveOf, shownList } from './swap';

const card = (over: Partial<exchange.InstagramCard>): exchange.InstagramCard => ({
  id: 7,
  user_id: 42,
  user_number: 2,
  mine: null,
  theirs: null,
  stage: 'new',
  status_1: null,
  url: 'https://www.instagram.com/maya/',
  open_url: '/sim/instagram/maya',
  profile: null,
  name: 'maya',
  title: 'Maya',
  description: '',
  reputation: 600,
  first: 'Maya',
  last: 'Lee',
  ...over,
});

describe('the moves each button sends (EX5)', () => {
  it('EX5: a new listing claims or skips the follow as user 1, action new', () => {
    const c = card({ id: 'new', stage: 'new', user_number: 1 });
    expect(moveOf(c, 'done')).toEqual({ status: 'claimed', action_id: 'new', user_number: 1, other_id: 42 });
    expect(moveOf(c, 'skip')).toEqual({ status: 'skipped', action_id: 'new', user_number: 1, other_id: 42 });
  });

  it('EX5: a follow back claims or skips as user 2, and contests their follow as user 1', () => {
    const c = card({ stage: 'follow_back', status_1: 'claimed', theirs: 'claimed' });
    expect(moveOf(c, 'done')).toEqual({ status: 'claimed', action_id: 7, user_number: 2, other_id: 42 });
    expect(moveOf(c, 'skip')).toEqual({ status: 'skipped', action_id: 7, user_number: 2, other_id: 42 });
    expect(moveOf(c, 'contest')).toEqual({ status: 'contested', action_id: 7, user_number: 1, other_id: 42 });
  });

  it('EX5: a review verifies or contests the follow back as user 2', () => {
    const c = card({ stage: 'review', status_1: 'verified', mine: 'verified', theirs: 'claimed' });
    expect(moveOf(c, 'confirm')).toEqual({ status: 'verified', action_id: 7, user_number: 2, other_id: 42 });
    expect(moveOf(c, 'contest')).toEqual({ status: 'contested', action_id: 7, user_number: 2, other_id: 42 });
  });

  it("EX5: an acknowledgement names the contested member's own follow", () => {
    const initiator = card({ stage: 'acknowledge', status_1: 'contested', mine: 'contested' });
    expect(moveOf(initiator, 'acknowledge')).toMatchObject({ status: 'acknowledged', user_number: 1 });
    const receiver = card({ stage: 'acknowledge', status_1: 'verified', mine: 'contested' });
    expect(moveOf(receiver, 'acknowledge')).toMatchObject({ status: 'acknowledged', user_number: 2 });
  });
});

describe('the buttons and confirmations of a card (spec 3 §2, spec 4 §5)', () => {
  it('opens Instagram before Done and Skip; a follow back may also be contested', () => {
    expect(buttonsOf('new', false)).toEqual([]);
    expect(buttonsOf('new', true)).toEqual(['done', 'skip']);
    expect(buttonsOf('follow_back', true)).toEqual(['done', 'skip', 'contest']);
    expect(buttonsOf('review', false)).toEqual(['confirm', 'contest']);
    expect(buttonsOf('acknowledge', false)).toEqual(['acknowledge']);
  });

  it('asks before a skip, a contest and an acknowledgement, in the spec words', () => {
    expect(confirmationOf(card({ stage: 'new' }), 'skip')?.text).toBe(
      exchange.CONFIRM_TEXTS.skipNew('@maya'),
    );
    expect(confirmationOf(card({ stage: 'follow_back' }), 'skip')?.text).toBe(
      exchange.CONFIRM_TEXTS.skipFollowBack('@maya'),
    );
    expect(confirmationOf(card({ stage: 'review' }), 'contest')?.text).toBe(
      exchange.CONFIRM_TEXTS.contest('@maya'),
    );
    expect(confirmationOf(card({ stage: 'acknowledge' }), 'acknowledge')?.text).toBe(
      exchange.CONFIRM_TEXTS.acknowledge,
    );
    expect(confirmationOf(card({ stage: 'new' }), 'done')).toBeNull();
    expect(confirmationOf(card({ stage: 'review' }), 'confirm')).toBeNull();
  });
});

describe('the list the left column shows (spec 4 §2)', () => {
  const lists = (review: number, back: number, fresh: number): exchange.AvailableListingsAnswer => ({
    status: 'success',
    reviewListings: Array.from({ length: review }, () => card({ stage: 'review' })),
    followBackListings: Array.from({ length: back }, () => card({ stage: 'follow_back' })),
    newListings: Array.from({ length: fresh }, () => card({ stage: 'new' })),
    myReputation: 600,
    newWithheld: false,
  });

  it('For Review first, then Follow Back, then New Listings', () => {
    expect(shownList(lists(1, 2, 3)).kind).toBe('review');
    expect(shownList(lists(0, 2, 3)).kind).toBe('follow_back');
    expect(shownList(lists(0, 0, 3)).kind).toBe('new');
    expect(shownList(lists(0, 0, 0))).toEqual({ kind: 'new', cards: [] });
  });
});
