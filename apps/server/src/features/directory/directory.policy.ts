import { directory } from '@marquee/contract';

/** Pages of results for `total` members found (DR4): 0 when nobody is found. */
export const pageCountOf = (total: number): number => Math.ceil(total / directory.DIRECTORY_PAGE_SIZE);

/** Where a page starts among the results (pages count from 0, DR4). */
export const offsetOf = (page: number): number => page * directory.DIRECTORY_PAGE_SIZE;
