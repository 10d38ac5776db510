import { describe, expect, it } from 'vitest';
import { linksOnlyHtml } from './text.js';

/**
 * Links-only text against Unicode tricks (D8.1): a link's text must read as the address it opens.
 * Direction overrides and zero-width characters end a link, and stay as (escaped) text beside it.
 */
describe('linksOnlyHtml and invisible characters (D8.1)', () => {
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  const texts = (html: string) => [...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);

  it('ends a link at a right-to-left override, so its text cannot show another address', () => {
    // Shown right to left after the override, the tail would read "https://www.bank.example".
    const html = linksOnlyHtml('https://evil.example/\u202Eelpmaxe.knab.www//:sptth');
    expect(hrefs(html)).toEqual(['https://evil.example/']);
    expect(texts(html)).toEqual(['https://evil.example/']);
    expect(html).toContain('\u202Eelpmaxe.knab.www//:sptth');
  });

  it('ends a link at every direction control and zero-width character', () => {
    for (const c of [
      '\u200B',
      '\u200C',
      '\u200D',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2060',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\uFEFF',
    ]) {
      const html = linksOnlyHtml(`see https://example.com/a${c}b.`);
      expect(hrefs(html), `U+${c.charCodeAt(0).toString(16)}`).toEqual(['https://example.com/a']);
      for (const text of texts(html)) expect(text).not.toContain(c);
    }
  });

  it('keeps addresses in other scripts and letters with accents whole', () => {
    expect(hrefs(linksOnlyHtml('https://example.com/café/مرحبا'))).toEqual([
      'https://example.com/café/مرحبا',
    ]);
  });
});
