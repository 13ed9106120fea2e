// Page numbers of the card list (spec section 9): numbers up to the 15th, then '...', and the items from the
// 16th to the 55th hidden (so a list of more than 55 pages shows its pages from the 56th on after the '...').
import { VISIBLE_PAGE_LIMIT } from '../../../../contracts/index.ts';

/** The last item the spec hides after the '...'. */
export const HIDDEN_UNTIL = 55;

export type PageItem = number | 'ellipsis';

export function pageItems(totalPages: number): PageItem[] {
  const items: PageItem[] = [];
  for (let page = 1; page <= totalPages; page++) {
    if (page <= VISIBLE_PAGE_LIMIT || page > HIDDEN_UNTIL) items.push(page);
    if (page === VISIBLE_PAGE_LIMIT && totalPages > VISIBLE_PAGE_LIMIT) items.push('ellipsis');
  }
  return items;
}

/** Page count: total sub-accounts divided by the page size, rounded up. */
export const pageCount = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** Paging shows when the total minus the sub-accounts already loaded is above 0 (spec section 4). */
export const showsPaging = (total: number, loaded: number) => total - loaded > 0;
