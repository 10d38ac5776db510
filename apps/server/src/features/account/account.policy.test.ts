import { describe, expect, it } from 'vitest';
import {
  canonicalImdbUrl,
  deletedEmailHash,
  emailSettingsView,
  isNameOption,
  linkedDisplay,
  nameOptions,
  refreshOutcome,
} from './account.policy.js';

describe('nameOptions', () => {
  it('reads every split of a name into first and last', () => {
    expect(nameOptions('  Mary   Ann Lee ')).toEqual([
      { first: 'Mary', last: 'Ann Lee' },
      { first: 'Mary Ann', last: 'Lee' },
    ]);
    expect(nameOptions('Ada Lovelace')).toEqual([{ first: 'Ada', last: 'Lovelace' }]);
  });

  it('gives none for a single word, and leaves out parts longer than sign-up allows (D2.4)', () => {
    expect(nameOptions('Zendaya')).toEqual([]);
    const long = 'c'.repeat(49);
    expect(nameOptions(`Ann Lee ${long}`)).toEqual([{ first: 'Ann Lee', last: long }]);
  });
});

describe('isNameOption', () => {
  it('matches ignoring case and spacing, and answers the page’s own spelling', () => {
    const options = nameOptions('Mary Ann Lee');
    expect(isNameOption(options, 'mary  ann', 'LEE')).toEqual({ first: 'Mary Ann', last: 'Lee' });
    expect(isNameOption(options, 'Mary', 'Lee')).toBeUndefined();
  });
});

describe('refreshOutcome (spec 3 §4)', () => {
  it('is up to date, pending, or a reason it cannot give a name', () => {
    const member = { first: 'Ada', last: 'Lovelace' };
    expect(refreshOutcome({ kind: 'person', name: 'Ada Lovelace' }, member)).toEqual({ kind: 'up_to_date' });
    expect(refreshOutcome({ kind: 'person', name: 'Ada King Lovelace' }, member)).toMatchObject({
      kind: 'pending',
      options: [{ first: 'Ada' }, { first: 'Ada King' }],
    });
    expect(refreshOutcome({ kind: 'title', name: 'A Film' }, member)).toEqual({ kind: 'title_page' });
    expect(refreshOutcome({ kind: 'person', name: 'Cher' }, member)).toEqual({ kind: 'single_name' });
  });
});

describe('canonicalImdbUrl', () => {
  it('writes name and title pages one way', () => {
    expect(canonicalImdbUrl('nm0000123')).toBe('https://www.imdb.com/name/nm0000123/');
    expect(canonicalImdbUrl('tt0000123')).toBe('https://www.imdb.com/title/tt0000123/');
  });
});

describe('linkedDisplay (D8.1)', () => {
  const url = (h: string) => `https://x.com/${h}`;

  it('is empty when nothing is linked, so its length says not linked (spec 3 §3)', () => {
    expect(linkedDisplay('twitter', null, url)).toBe('');
  });

  it('shows the handle alone, or the name with the handle after it', () => {
    const bare = linkedDisplay('twitter', { handle: 'nora', displayName: null, status: 'verified' }, url);
    expect(bare).toContain('>@nora</a>');
    const named = linkedDisplay('twitter', { handle: 'nora', displayName: 'Nora', status: 'verified' }, url);
    expect(named).toContain('>Nora (@nora)</a>');
  });

  it('escapes member text and refuses addresses that are not https or the simulated site', () => {
    const html = linkedDisplay(
      'twitter',
      { handle: 'nora', displayName: '"><script>x</script>', status: 'verified' },
      url,
    );
    expect(html).toContain('href="https://x.com/nora"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    const odd = linkedDisplay(
      'facebook',
      { handle: 'p', displayName: null, status: 'token_error' },
      () => 'javascript:alert(1)',
    );
    expect(odd).toContain('href="#"');
    expect(odd).toContain('needs reconnecting');
  });
});

describe('deletedEmailHash (D2.5)', () => {
  it('is the same for any case or surrounding space, and is not the email', () => {
    const hash = deletedEmailHash('Nora@Example.test ');
    expect(hash).toBe(deletedEmailHash('nora@example.test'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('emailSettingsView', () => {
  it('lists every kind with all first; a kind with no row is on', () => {
    const view = emailSettingsView([{ name: 'featured', enabled: false }]);
    expect(view[0]?.name).toBe('all');
    expect(view.map((s) => [s.name, s.enabled])).toEqual([
      ['all', true],
      ['membership', true],
      ['referrals', true],
      ['featured', false],
      ['help', true],
      ['managed', true],
    ]);
  });
});
