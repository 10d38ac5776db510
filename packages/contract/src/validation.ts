import type { z } from 'zod';

/**
 * Readable messages for input that a call's schema refuses where the schema words no message of its
 * own (docs/domain.md "Bad input", B2): the member reads which field and what is wrong, never a
 * library's default text. Given to every parse as its error map.
 */

/** The contract's short field names, in the words a member knows them by. */
const FIELD_WORDS: Record<string, string> = {
  rl: 'rate limit',
  rP: 'points',
  vc: 'seconds watched',
  to_id: 'member',
  user_id: 'member',
  before: 'earlier message',
  filter_id: 'member',
  imdb: 'IMDb page address',
  url: 'page address',
};

/** A field's name in words: `listing_id` -> "listing id", `pointSetting` -> "point setting". */
export function fieldName(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string');
  if (typeof last !== 'string') return 'this field';
  // Control characters (NUL included) are never shown back to the member.
  const clean = [...last]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code > 0x1f && (code < 0x7f || code > 0x9f);
    })
    .join('');
  if (FIELD_WORDS[clean]) return FIELD_WORDS[clean];
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,40}$/.test(clean)) return 'one of the fields';
  return clean
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** The message of one refused value; the root of the input (a body that is not a set of fields) has its own. */
export function readableIssue(issue: z.core.$ZodRawIssue): string {
  const path = issue.path ?? [];
  if (path.length === 0) return NOT_A_FORM;
  const field = fieldName(path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `Please fill in the ${field}.`;
      if (issue.expected === 'number' || issue.expected === 'int')
        return `The ${field} must be a whole number.`;
      if (issue.expected === 'string') return `The ${field} must be text.`;
      return `Please give a valid ${field}.`;
    case 'too_big':
      if (issue.origin === 'string')
        return `The ${field} can be at most ${plural(Number(issue.maximum), 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Please choose at most ${plural(Number(issue.maximum), 'item')} for the ${field}.`;
      return `The ${field} must be ${Number(issue.maximum).toLocaleString('en-US')} or less.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `Please fill in the ${field}.`
          : `The ${field} must be at least ${plural(Number(issue.minimum), 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Please choose at least one ${field}.`;
      return `The ${field} must be at least ${Number(issue.minimum).toLocaleString('en-US')}.`;
    case 'invalid_value':
      return `Please choose one of the options offered for the ${field}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address.';
      if (issue.format === 'url') return `Please enter a full web address for the ${field}.`;
      return `Please check the ${field}.`;
    case 'unrecognized_keys':
      return 'That request carried fields this page does not send. Please reload the page and try again.';
    default:
      return `Please check the ${field}.`;
  }
}

export const NOT_A_FORM = 'That request could not be read. Please reload the page and try again.';

/** No call takes fields nested deeper than this; a deeper body is not a form this app sent (B2). */
export const MAX_NESTING = 16;

/**
 * Text with a NUL character cannot be stored or shown: the path of the first field that has one, or
 * null. Walks without recursion, so a body nested thousands deep cannot exhaust the stack; answers
 * `'too deep'` past MAX_NESTING.
 */
export function fieldWithNul(value: unknown): string[] | null | 'too deep' {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length) {
    const { value: at, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof at === 'string') {
      if (at.includes('\u0000')) return path;
      continue;
    }
    if (at === null || typeof at !== 'object' || at instanceof Uint8Array) continue;
    if (path.length >= MAX_NESTING) return 'too deep';
    for (const [key, inner] of Object.entries(at)) {
      if (key.includes('\u0000')) return [...path, key];
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return null;
}

export const nulMessage = (path: readonly string[]) =>
  `The ${path.length ? fieldName(path) : 'text'} has an invisible control character that cannot be saved. Please retype it and try again.`;
