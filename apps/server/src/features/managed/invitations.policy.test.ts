import { describe, expect, it } from 'vitest';
import {
  differsFromAccount,
  invitationExpiry,
  invitationMail,
  nmCodeOf,
  prefilledSetup,
  setupRowOf,
} from './invitations.policy.js';

const member = {
  id: 1234,
  first: 'Nora',
  last: 'Ellis',
  email: 'nora@example.test',
  imdbUrl: 'https://www.imdb.com/name/nm0000123/',
  defaultPic: null,
};

describe('the IMDb name code of a member’s IMDb address (MR2)', () => {
  it.each([
    ['https://www.imdb.com/name/nm0000123/', 'nm0000123'],
    ['https://m.imdb.com/name/nm12345678?ref_=x', 'nm12345678'],
    ['https://www.imdb.com/name/NM1234567#bio', 'nm1234567'],
    ['https://www.imdb.com/name/nm1234567', 'nm1234567'],
    ['https://www.imdb.com/title/tt0133093/', ''],
    ['https://www.imdb.com/name/nm123/', ''],
    ['https://www.imdb.com/name/nm123456789/', ''],
    [null, ''],
    ['', ''],
  ])('%s → %j', (url, code) => {
    expect(nmCodeOf(url)).toBe(code);
  });
});

describe('the setup staff are shown first (MR2)', () => {
  it('takes the newest four weeks, newest first, whatever order they come in', () => {
    const weeks = [
      { weekEnding: '2026-02-15', rank: 5, views: 50 },
      { weekEnding: '2026-03-08', rank: 1, views: 10 },
      { weekEnding: '2026-02-22', rank: 4, views: 40 },
      { weekEnding: '2026-03-01', rank: 2, views: 20 },
      { weekEnding: '2026-02-08', rank: 6, views: 60 },
    ];
    const setup = prefilledSetup({ ...member, defaultPic: 'me.jpg' }, 3, weeks);
    expect(setup).toEqual({
      karma_id: 1234,
      first: 'Nora',
      last: 'Ellis',
      email: 'nora@example.test',
      nm_code: 'nm0000123',
      level: 3,
      rank1: 1,
      rank2: 2,
      rank3: 4,
      rank4: 5,
      views1: 10,
      views2: 20,
      views3: 40,
      views4: 50,
      has_picture: 'yes',
    });
  });

  it('asks for Top 200K when the member chose no tier, and leaves unknown weeks empty', () => {
    const setup = prefilledSetup({ ...member, email: null }, null, [
      { weekEnding: '2026-03-08', rank: 90_000, views: 0 },
    ]);
    expect(setup).toMatchObject({ email: '', level: 1, rank1: 90_000, views1: 0, rank2: null, views4: null });
    expect(setup.has_picture).toBe('no');
  });
});

describe('a setup’s names and email are the account’s (MR2)', () => {
  it('ignores case and spaces around, and notices any other difference', () => {
    expect(differsFromAccount(member, { first: ' NORA ', last: 'ellis', email: 'Nora@Example.test' })).toBe(
      false,
    );
    expect(differsFromAccount(member, { first: 'Norah', last: 'Ellis', email: member.email })).toBe(true);
    expect(differsFromAccount(member, { first: 'Nora', last: 'Ellis', email: 'other@example.test' })).toBe(
      true,
    );
  });

  it('keeps the name code lower case and what was left empty as unknown', () => {
    expect(setupRowOf({ nm_code: 'NM0000123', level: 2, rank1: 5, has_picture: 'no' })).toEqual({
      nmCode: 'nm0000123',
      selection: 2,
      rank1: 5,
      rank2: null,
      rank3: null,
      rank4: null,
      views1: null,
      views2: null,
      views3: null,
      views4: null,
      hasPicture: false,
    });
  });
});

describe('the invitation mail (MR3)', () => {
  const sentAt = new Date('2026-03-10T18:00:00Z');
  it('lasts 14 days', () => {
    expect(invitationExpiry(sentAt)).toEqual(new Date('2026-03-24T18:00:00Z'));
  });

  it.each([
    [3, 'Top 60K, $49 a month, aiming for a STARmeter of 45,000 or better.'],
    [2, 'Top 100K, $37 a month, aiming for a STARmeter of 85,000 or better.'],
    [1, 'Top 200K, $24 a month, aiming for a STARmeter of 175,000 or better.'],
  ])('names tier %i with its price and target, and carries both links', (selection, tierLine) => {
    const mail = invitationMail({
      first: 'Nora',
      selection,
      code: 'abc_DEF-123',
      unsubCode: 'u/c+1',
      expiresAt: invitationExpiry(sentAt),
      publicUrl: 'https://marquee.example',
    });
    expect(mail.subject).toMatch(/^Your invitation to Managed Rank \(Top \d+K\)$/);
    expect(mail.text).toContain('Hello Nora,');
    expect(mail.text).toContain(`Your tier: ${tierLine}`);
    expect(mail.text).toContain('works until March 24, 2026');
    expect(mail.text).toContain('https://marquee.example/managed/subscribe?code=abc_DEF-123');
    expect(mail.text).toContain('https://marquee.example/managed/unsubscribe?uc=u%2Fc%2B1');
  });
});
