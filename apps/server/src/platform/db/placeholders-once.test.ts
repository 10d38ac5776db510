import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { placeholdersOnce } from './database.js';

const dialect = new PgDialect();
const built = (query: ReturnType<typeof sql>) => placeholdersOnce(dialect.sqlToQuery(query));
const p = sql.placeholder;

describe('placeholdersOnce', () => {
  it('sends a placeholder used with one cast once, renumbering the rest in order', () => {
    const q = built(
      sql`select ${p('a')}::int, ${p('b')}::date, ${p('a')}::int, ${p('b')}::date, ${p('c')}::int`,
    );
    expect(q.sql).toBe('select $1::int, $2::date, $1::int, $2::date, $3::int');
    expect(q.params.map((x) => (x as { name: string }).name)).toEqual(['a', 'b', 'c']);
  });

  it('keeps uses apart when their casts differ or one has none', () => {
    const q = built(sql`select ${p('a')}::date, ${p('a')}::timestamptz, ${p('b')}::int, ${p('b')}`);
    expect(q.sql).toBe('select $1::date, $2::timestamptz, $3::int, $4');
    expect(q.params).toHaveLength(4);
  });

  it('keeps fixed values as they are, each its own parameter', () => {
    const q = built(sql`select ${1}::int, ${p('a')}::int[], ${1}::int, ${p('a')}::int[]`);
    expect(q.sql).toBe('select $1::int, $2::int[], $3::int, $2::int[]');
    expect(q.params).toEqual([1, expect.objectContaining({ name: 'a' }), 1]);
  });

  it('leaves a text alone when a dollar number in it is not one parameter each', () => {
    const query = { sql: "select $1::int, '$1'", params: [p('a')] };
    expect(placeholdersOnce(query)).toBe(query);
  });
});
