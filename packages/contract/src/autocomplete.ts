import { z } from 'zod';
import type { Operation } from './operation.js';

/**
 * The member search of 'Find Someone's Listings' (spec 2 §2) and of mentions (spec 1 §5):
 * `autocomplete/users/?q=`. Unlike other calls its answer is a bare array (spec 1 §7, spec 2 §7);
 * errors still come as the usual envelope.
 */

export interface MemberMatch {
  /** The member's id as text; NO_MATCH_ID when nobody matched. */
  id: string;
  /** What to show: the member's name, or the no-match text. */
  value: string;
  /** The member's picture, or null for the no-photo image (absent on the no-match entry). */
  avatar?: string | null;
}

/** The id of the single entry answered when nobody matches. */
export const NO_MATCH_ID = '00';
export const NO_MATCH_TEXT = 'No members found';
/** At most this many members come back. */
export const MAX_MATCHES = 10;

const input = z.object({
  q: z
    .string({ error: 'Please type a name to search for.' })
    .trim()
    .max(50, { error: 'Please type at most 50 characters.' })
    .default(''),
});

export const users: Operation<typeof input, MemberMatch[], 'member'> = {
  method: 'GET',
  path: 'autocomplete/users',
  audience: 'member',
  input,
};
