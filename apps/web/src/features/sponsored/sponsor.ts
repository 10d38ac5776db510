import {
  actionsOnPlatform,
  LISTING_TYPE_WORDS,
  sponsored,
  type earn,
  type listings,
} from '@marquee/contract';

/** The colour of the sponsored counts (spec 2 §4), the contract's one rule. */
export type SponsorTone = ReturnType<typeof listings.sponsorCountColour>;

/** One option's identity: a special's count may equal a regular package's. */
export const optionKey = (o: Pick<sponsored.SponsorOption, 'count' | 'special_id'> | undefined) =>
  o ? `${o.special_id ?? 'regular'}:${o.count}` : '';

/** Spec 2 §9: the form starts on 250 for IMDb and 100 otherwise, a regular package; else the first offered. */
export function defaultOption(
  type: earn.ListingType,
  options: readonly sponsored.SponsorOption[],
): sponsored.SponsorOption | undefined {
  const count =
    type === 'imdb-view' ? sponsored.DEFAULT_SPONSOR_COUNT.imdb : sponsored.DEFAULT_SPONSOR_COUNT.other;
  return options.find((o) => !o.special && o.count === count) ?? options[0];
}

/** Spec 2 §9: a special's counts are the multiples of its minimum up to its maximum. */
export function specialCounts(special: Pick<sponsored.Special, 'minimum' | 'maximum'>): number[] {
  const counts: number[] = [];
  if (special.minimum <= 0) return counts;
  for (let n = special.minimum; n <= special.maximum; n += special.minimum) counts.push(n);
  return counts;
}

/** '500, 1,000, 1,500 or 2,000': the counts in words. */
export function countsInWords(counts: readonly number[]): string {
  const words = counts.map((n) => n.toLocaleString('en-US'));
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** 'IMDb views and Twitter follows': what a special sells. */
export function typesInWords(types: readonly earn.ListingType[]): string {
  const words = types.map(actionsOnPlatform);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export const actionsWord = (type: earn.ListingType) => LISTING_TYPE_WORDS[type].actions;
