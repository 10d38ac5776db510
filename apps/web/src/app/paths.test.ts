import { describe, expect, it } from 'vitest';
import { bothForms, withoutV4 } from './paths';

describe('route forms', () => {
  it('gives every route with and without the /v4 prefix', () => {
    expect(bothForms('/dashboard/:ltype?')).toEqual(['/dashboard/:ltype?', '/v4/dashboard/:ltype?']);
    expect(bothForms('/')).toEqual(['/', '/v4']);
  });

  it('reads a path without its /v4 prefix', () => {
    expect(withoutV4('/v4/dashboard/imdb')).toBe('/dashboard/imdb');
    expect(withoutV4('/v4')).toBe('/');
    expect(withoutV4('/v4/')).toBe('/');
    expect(withoutV4('/history')).toBe('/history');
    expect(withoutV4('/v45')).toBe('/v45');
  });
});
