import { describe, expect, it } from 'vitest';
import { nextRecheckSeconds, userListTimeout } from './userListTiming';

describe('the profile earn list timing (spec 2 §4, §9)', () => {
  it('waits 60 s more at each recheck and stops before passing 299 s', () => {
    expect([0, 1, 2, 3, 4].map(nextRecheckSeconds)).toEqual([60, 120, 180, 240, null]);
  });

  it('keeps the list 30 s, a started action 60 s, a video 6000 s', () => {
    expect(userListTimeout(null)).toBe(30);
    expect(userListTimeout('imdb-view')).toBe(60);
    expect(userListTimeout('youtube-view')).toBe(6000);
  });
});
