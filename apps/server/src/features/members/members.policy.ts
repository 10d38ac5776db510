/** How a member search reads what was typed (spec 2 §2 'Find Someone's Listings', spec 1 §5 mentions). */

/**
 * The search's words: one word matches the start of the first name, the last name or the username;
 * two or more match the first name's start with the first word and the last name's with the rest
 * ("mary ell" finds Mary Ellis). A leading @ of a mention is dropped. Null when nothing was typed.
 */
export function searchTerms(q: string): { any: string } | { first: string; last: string } | null {
  const words = q.replace(/^@/, '').trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return null;
  return rest.length ? { first, last: rest.join(' ') } : { any: first };
}
