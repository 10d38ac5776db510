import { directory as contract, uploads } from '@marquee/contract';
import type { AppDeps } from '../../platform/deps.js';
import type { Caller } from '../../platform/auth.js';
import { descOf } from '../profile/index.js';
import { offsetOf, pageCountOf } from './directory.policy.js';
import { directorySearch } from './directory.repo.js';

/**
 * directory/fetchResults (spec 3 §7, D12.2): one page of the active members of a type in a location,
 * most recently active first, leaving out members blocked either way (docs/domain.md DR1-DR6). A
 * page past the last answers no members with the true page count, so the page can go back (DR4).
 */
export async function fetchResults(
  deps: AppDeps,
  caller: Caller,
  input: { type: string; location: string; page: number },
) {
  const { rows, total } = await directorySearch(deps.db, {
    me: caller.userId,
    type: input.type,
    location: input.location,
    limit: contract.DIRECTORY_PAGE_SIZE,
    offset: offsetOf(input.page),
  });
  return {
    status: 'success' as const,
    users: rows.map((r): contract.DirectoryUser => ({
      id: r.id,
      full_name: `${r.first} ${r.last}`.trim(),
      desc_line: descOf([r.job_1, r.job_2, r.job_3]),
      avatar: uploads.pictureUrl(r.default_pic, 80),
    })),
    pageCount: pageCountOf(total),
  };
}
