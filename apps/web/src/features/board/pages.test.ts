import { describe, expect, it } from 'vitest';
import { afterDelete, categoryPagePath, countOf, pageFromParam, threadPagePath } from './pages';

describe('the board page rules (spec 3 §2, §4)', () => {
  it('goes to the category when the topic went with its first post', () => {
    expect(afterDelete(0, 0)).toEqual({ to: 'category' });
    expect(afterDelete(0, 3)).toEqual({ to: 'category' });
  });

  it('reloads the page it was on while that page still exists', () => {
    expect(afterDelete(3, 2)).toEqual({ to: 'page', page: 2 });
    expect(afterDelete(1, 0)).toEqual({ to: 'page', page: 0 });
  });

  it('goes to the first page from a page past the last (the last post of the last page deleted)', () => {
    expect(afterDelete(2, 2)).toEqual({ to: 'page', page: 0 });
    expect(afterDelete(1, 5)).toEqual({ to: 'page', page: 0 });
  });

  it('reads a page from the address, the first page for anything else', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam('0')).toBe(0);
    for (const bad of [undefined, null, '', '-1', '1.5', 'x', '99999999']) expect(pageFromParam(bad)).toBe(0);
  });

  it('writes the addresses, the first page without a number', () => {
    expect(threadPagePath('gear', 12, 0)).toBe('/community/board/gear/12');
    expect(threadPagePath('gear', 12, 2)).toBe('/community/board/gear/12/2');
    expect(categoryPagePath('gear', 0)).toBe('/community/board/gear');
    expect(categoryPagePath('gear', 1)).toBe('/community/board/gear?page=1');
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
    expect(countOf(1200, 'reply', 'replies')).toBe('1,200 replies');
  });
});
