import { describe, expect, it } from 'vitest';
import { creditMessages } from './creditMessages';

describe('the toasts after a credit', () => {
  it('say what was earned, in the spec’s words', () => {
    expect(creditMessages('imdb-view', { points_earned: 18 })).toEqual([
      'Success! You got credited for that View.',
    ]);
    expect(creditMessages('twitter-follow', { points_earned: 25, limit_raised: 'no' })).toEqual([
      'You earned 25 points!',
    ]);
  });

  it('add the extra daily actions when a sponsored action raised the cap', () => {
    expect(creditMessages('youtube-view', { points_earned: 20, limit_raised: 'yes' })).toEqual([
      'You earned 20 points!',
      'You earned 10 more Daily Actions!',
    ]);
  });
});
