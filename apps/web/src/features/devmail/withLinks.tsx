import type { ReactNode } from 'react';

const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * The mail's text with each web address turned into a link. The pieces are React text and anchor
 * elements, never HTML, and only http(s) addresses become links.
 */
export function withLinks(text: string): ReactNode[] {
  const pieces: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const at = match.index;
    if (at > from) pieces.push(text.slice(from, at));
    pieces.push(
      <a key={at} href={address}>
        {address}
      </a>,
    );
    from = at + address.length;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}
