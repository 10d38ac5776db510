import { describe, expect, it } from 'vitest';
import { linksOnlyHtml } from './text.js';

describe('linksOnlyHtml (D8.1)', () => {
  it('escapes markup and keeps the words', () => {
    expect(linksOnlyHtml('<script>alert(1)</script> & "hi"')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;hi&quot;',
    );
  });

  it('turns http(s) and www. addresses into links that open in a new tab', () => {
    expect(linksOnlyHtml('See https://example.com/a?b=1&c=2.')).toBe(
      'See <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a?b=1&amp;c=2</a>.',
    );
    expect(linksOnlyHtml('www.marquee.test')).toContain('href="https://www.marquee.test"');
  });

  it('never makes a javascript: or data: link, nor an attribute out of a quote', () => {
    const out = linksOnlyHtml('javascript:alert(1) data:text/html,x https://a.test/"onmouseover="x');
    expect(out).not.toMatch(/href="(javascript|data):/);
    expect(out).not.toContain('" onmouseover');
    expect(out).toContain('href="https://a.test/"');
  });

  it('keeps line breaks', () => {
    expect(linksOnlyHtml('one\ntwo')).toBe('one<br>two');
  });
});
