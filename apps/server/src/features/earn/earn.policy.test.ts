import { describe, expect, it } from 'vitest';
import { pacificHour } from '@marquee/contract';
import {
  shuffleTop,
  underShadowMax,
  actionsAllowedSoFar,
  answerIsCorrect,
  automaticDailyLimit,
  imdbPointsCap,
  imdbQuestion,
  isEstablished,
  minimumDwellSeconds,
  needsCreditUpdate,
  offerWindowSeconds,
} from './earn.policy.js';

describe('rate limits and distribution (D4.5)', () => {
  const at = (iso: string) => new Date(iso);

  it('is unlimited when the rate limit is off, whatever the distribution', () => {
    expect(
      actionsAllowedSoFar({ rlSelection: 500, distributed: 4 }, 100, 18, at('2026-03-10T08:00:00Z')),
    ).toBe(Number.POSITIVE_INFINITY);
  });

  it('opens the whole day at midnight with one window', () => {
    expect(actionsAllowedSoFar({ rlSelection: 40, distributed: 1 }, 0, 18, at('2026-03-10T08:30:00Z'))).toBe(
      40,
    );
  });

  it('opens the day in equal parts at 12am, 6am, 12pm and 6pm Pacific with four windows', () => {
    const limit = { rlSelection: 40, distributed: 4 };
    // 2026-07-10 is daylight time: Pacific = UTC-7.
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-07-10T07:30:00Z'))).toBe(10); // 00:30
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-07-10T13:00:00Z'))).toBe(20); // 06:00
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-07-10T19:00:00Z'))).toBe(30); // 12:00
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-07-11T01:00:00Z'))).toBe(40); // 18:00
  });

  it('uses 12am, 8am and 4pm for three windows and rounds down', () => {
    const limit = { rlSelection: 20, distributed: 3 };
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-01-15T09:00:00Z'))).toBe(6); // 01:00 PST
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-01-15T16:00:00Z'))).toBe(13); // 08:00 PST
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-01-16T00:00:00Z'))).toBe(20); // 16:00 PST
  });

  it('follows Pacific time across the daylight saving changes (D1.1)', () => {
    // 2026-03-08: clocks go forward at 2am. 10:00 UTC is 3am PDT.
    expect(pacificHour(at('2026-03-08T10:00:00Z'))).toBe(3);
    expect(pacificHour(at('2026-03-08T09:59:00Z'))).toBe(1);
    // 2026-11-01: clocks go back at 2am. 09:30 UTC is 1:30am PST (the second 1am).
    expect(pacificHour(at('2026-11-01T09:30:00Z'))).toBe(1);
    const limit = { rlSelection: 40, distributed: 2 };
    // 11:59am PDT on the spring-forward day: only the midnight half is open.
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-03-08T18:59:00Z'))).toBe(20);
    expect(actionsAllowedSoFar(limit, 0, 18, at('2026-03-08T19:00:00Z'))).toBe(40);
  });

  it('spreads the balance over 7 days when automatic (99)', () => {
    expect(automaticDailyLimit(1260, 18)).toBe(10);
    expect(automaticDailyLimit(20, 18)).toBe(1);
    expect(automaticDailyLimit(10, 18)).toBe(0);
    expect(
      actionsAllowedSoFar({ rlSelection: 99, distributed: 1 }, 1260, 18, at('2026-03-10T18:00:00Z')),
    ).toBe(10);
  });
});

describe('caps, answers and windows', () => {
  it('caps IMDb earning at 4,500 points for free members and 15,000 otherwise (spec 1 §9)', () => {
    expect(imdbPointsCap('free')).toBe(4500);
    expect(imdbPointsCap('premium')).toBe(15000);
    expect(imdbPointsCap('pro')).toBe(15000);
    expect(imdbPointsCap('managed')).toBe(15000);
  });

  it('accepts answers within 2 of the fact (D5.2)', () => {
    expect(answerIsCorrect(112, 112)).toBe(true);
    expect(answerIsCorrect(110, 112)).toBe(true);
    expect(answerIsCorrect(114, 112)).toBe(true);
    expect(answerIsCorrect(109, 112)).toBe(false);
    expect(answerIsCorrect(115, 112)).toBe(false);
  });

  it('asks runtime on title pages, credits in the category on person pages, STARmeter on pro views', () => {
    expect(imdbQuestion({ imdbType: 'title', testCat: null, proView: false }).key).toBe('runtime');
    expect(imdbQuestion({ imdbType: 'person', testCat: 'Director', proView: false })).toEqual({
      key: 'credits:director',
      text: 'How many Director credits does this page list?',
    });
    expect(imdbQuestion({ imdbType: 'person', testCat: 'actor', proView: true }).key).toBe('starmeter');
  });

  it('keeps offers open 180 s, 6000 s for video and 900 s with the pro extension (D5.1)', () => {
    expect(offerWindowSeconds('imdb-view')).toBe(180);
    expect(offerWindowSeconds('twitter-follow')).toBe(180);
    expect(offerWindowSeconds('youtube-view')).toBe(6000);
    expect(offerWindowSeconds('imdb-view', { proExtension: true })).toBe(900);
  });

  it('needs 5 s for an IMDb answer, 3 s for a follow and 30 s of video (D11.1, D5.5)', () => {
    expect(minimumDwellSeconds('imdb-view')).toBe(5);
    expect(minimumDwellSeconds('twitter-follow')).toBe(3);
    expect(minimumDwellSeconds('facebook-like')).toBe(3);
    expect(minimumDwellSeconds('youtube-view')).toBe(30);
  });
});

describe('credit update after misses (D5.3)', () => {
  it('needs five distinct members and no correct answer in the day', () => {
    expect(needsCreditUpdate({ distinctMissers: 4, answeredCorrectly: false })).toBe(false);
    expect(needsCreditUpdate({ distinctMissers: 5, answeredCorrectly: false })).toBe(true);
    expect(needsCreditUpdate({ distinctMissers: 6, answeredCorrectly: false })).toBe(true);
    expect(needsCreditUpdate({ distinctMissers: 5, answeredCorrectly: true })).toBe(false);
  });
});

describe('established members (D5.3 "Who counts")', () => {
  const now = new Date('2026-03-10T18:00:00Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const member = { emailConfirmed: true, joinedAt: daysAgo(7), imdbAnswers: 10 };

  it('counts a confirmed member of 7 days with 10 IMDb answers credited', () => {
    expect(isEstablished(member, now)).toBe(true);
  });

  it('does not count a member who has not confirmed their email', () => {
    expect(isEstablished({ ...member, emailConfirmed: false }, now)).toBe(false);
  });

  it('does not count a member of less than 7 days', () => {
    expect(isEstablished({ ...member, joinedAt: new Date(daysAgo(7).getTime() + 1) }, now)).toBe(false);
  });

  it('does not count a member with fewer than 10 IMDb answers credited', () => {
    expect(isEstablished({ ...member, imdbAnswers: 9 }, now)).toBe(false);
  });
});

describe('the shadow values (docs/domain.md AD10)', () => {
  const rows = (n: number, sponsored = 0) =>
    Array.from({ length: n }, (_, i) => ({ id: i, sponsoredLeft: i < sponsored, actedToday: i }));

  it('randy_top shuffles the first listings that are not sponsored, sponsored ones staying first', () => {
    // A random source that always picks the first place: the top three are reversed.
    const order = shuffleTop(rows(6, 1), 3, () => 0).map((r) => r.id);
    expect(order[0]).toBe(0);
    expect(order.slice(1, 4).sort()).toEqual([1, 2, 3]);
    expect(order.slice(1, 4)).not.toEqual([1, 2, 3]);
    expect(order.slice(4)).toEqual([4, 5]);
    expect(shuffleTop(rows(5), 0).map((r) => r.id)).toEqual([0, 1, 2, 3, 4]);
    expect(shuffleTop(rows(5), 1).map((r) => r.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('shadow_max stops a listing once it had that many actions today; sponsored ones go on; 0 is off', () => {
    expect(underShadowMax({ sponsoredLeft: false, actedToday: 2 }, 3)).toBe(true);
    expect(underShadowMax({ sponsoredLeft: false, actedToday: 3 }, 3)).toBe(false);
    expect(underShadowMax({ sponsoredLeft: true, actedToday: 30 }, 3)).toBe(true);
    expect(underShadowMax({ sponsoredLeft: false, actedToday: 999 }, 0)).toBe(true);
  });
});
