import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { autocomplete } from '@marquee/contract';
import { call } from '../app/api';

/** Typing pauses this long before the member search is sent. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The member search (autocomplete/users, spec 1 §7, spec 2 §7) behind the mention, start-a-conversation
 * and find-listings boxes: sent once typing pauses, answers kept while the next one comes. Each box
 * draws the matches with MemberOptions; the one-line boxes handle the keys with useMemberCombobox.
 */
export function useMemberSearch(text: string, { debounceMs = DEBOUNCE_MS }: { debounceMs?: number } = {}) {
  const q = useDebounced(text, debounceMs);
  const search = useQuery({
    queryKey: ['autocomplete', 'users', q],
    queryFn: ({ signal }) => call(autocomplete.users, { q }, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { quiet: true },
  });
  const answer = q.length > 0 ? search.data : undefined;
  return {
    /** The text searched for: what was typed, once typing paused. */
    q,
    /** There is an answer for `q` (or the one before it, until it comes). */
    answered: answer !== undefined,
    /** The members found; '00' is the single entry answered when nobody matches (spec 2 §7). */
    matches: (answer ?? []).filter((m) => m.id !== autocomplete.NO_MATCH_ID),
    /** The answer was '00': nobody matches. */
    noMatch: answer?.[0]?.id === autocomplete.NO_MATCH_ID,
    /** The search is not answering. */
    isError: search.isError,
  };
}
