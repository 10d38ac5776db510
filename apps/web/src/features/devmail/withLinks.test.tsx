import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { withLinks } from './withLinks';

type Anchor = ReactElement<{ href: string; children: string }>;
const links = (pieces: ReturnType<typeof withLinks>) => pieces.filter(isValidElement) as Anchor[];

describe('withLinks', () => {
  it('turns a web address into a link and keeps the words around it', () => {
    const pieces = withLinks(
      'Choose a new password: http://localhost:3300/reset-password?token=abc123 within the hour.',
    );
    expect(pieces[0]).toBe('Choose a new password: ');
    expect(links(pieces)).toHaveLength(1);
    expect(links(pieces)[0]?.props.href).toBe('http://localhost:3300/reset-password?token=abc123');
    expect(links(pieces)[0]?.props.children).toBe('http://localhost:3300/reset-password?token=abc123');
    expect(pieces.at(-1)).toBe(' within the hour.');
  });

  it('leaves sentence punctuation out of the address', () => {
    const pieces = withLinks('See https://www.imdb.com/name/nm0000001/.');
    expect(links(pieces)[0]?.props.href).toBe('https://www.imdb.com/name/nm0000001/');
    expect(pieces.at(-1)).toBe('.');
  });

  it('links only http and https addresses', () => {
    const pieces = withLinks('javascript:alert(1) and data:text/html,<b>x</b> stay text');
    expect(links(pieces)).toHaveLength(0);
    expect(pieces.join('')).toBe('javascript:alert(1) and data:text/html,<b>x</b> stay text');
  });

  it('handles several addresses and none', () => {
    expect(links(withLinks('a https://a.test b http://b.test/x c'))).toHaveLength(2);
    expect(withLinks('no links here')).toEqual(['no links here']);
  });
});
