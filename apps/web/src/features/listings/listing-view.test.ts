import { describe, expect, it } from 'vitest';
import { isFacebookPage, pointsText, secondsLeft, showsSubmit, foundText } from './listing-view';

describe('My Listings view rules', () => {
  it('shows the add button only past 5 characters (spec 2 §5)', () => {
    expect(showsSubmit('x.com')).toBe(false);
    expect(showsSubmit('  x.com  ')).toBe(false);
    expect(showsSubmit('x.com/')).toBe(true);
  });

  it('counts a pending change down from the server’s seconds (spec 2 §4)', () => {
    const readAt = 1_000_000;
    expect(secondsLeft({ change_in: 300 }, readAt, readAt)).toBe(300);
    expect(secondsLeft({ change_in: 300 }, readAt, readAt + 1_500)).toBe(299);
    expect(secondsLeft({ change_in: 300 }, readAt, readAt + 400_000)).toBe(0);
    expect(secondsLeft({ change_in: null }, readAt, readAt)).toBeNull();
  });

  it('words points and found follows', () => {
    expect(pointsText({ give: 18, changing_to: null })).toBe('18 points');
    expect(pointsText({ give: 1, changing_to: 12 })).toBe('1 point → 12');
    expect(foundText({ vp_disabled: true, vp_abs: 0, vp_denom: 0, type: 'imdb-view' })).toBeNull();
    expect(foundText({ vp_disabled: false, vp_abs: 3, vp_denom: 4, type: 'twitter-follow' })).toBe(
      '3 of 4 follows checked in the last 30 days were found.',
    );
  });

  it('sends facebook.com pages down the manual path', () => {
    expect(isFacebookPage('https://www.facebook.com/maya.official')).toBe(true);
    expect(isFacebookPage('m.facebook.com/page')).toBe(true);
    expect(isFacebookPage('https://notfacebook.com/x')).toBe(false);
    expect(isFacebookPage('https://x.com/facebook.com/')).toBe(false);
  });
});
