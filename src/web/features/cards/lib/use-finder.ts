// The search's state on /home (issue 27): what the operator typed, read after a pause, checked before it is sent,
// and the rows found so far.
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { cardSearchMessages as m } from '../../../../contracts/card-search-messages.ts';
import { readSearchTerm, searchTermProblem } from '../../../../contracts/card-search-term.ts';
import type { SubAccount } from '../../../../contracts/index.ts';
import { type CardSearchCriteria, useCardSearch } from '../api/card-search.ts';

/** The pause after the last key before the search is asked: one call per word typed, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

const EMPTY: CardSearchCriteria = { text: '', status: '' };

export function useFinder() {
  const [criteria, setCriteria] = useState<CardSearchCriteria>(EMPTY);
  const [settled] = useDebouncedValue(criteria, SEARCH_DEBOUNCE_MS);
  const problem = searchTermProblem(criteria.text);
  const wanted = readSearchTerm(settled.text).kind !== 'none' || settled.status !== '';
  const valid = searchTermProblem(settled.text) === null;
  const search = useCardSearch(settled, wanted && valid);
  // The same rows until a page arrives: the table beside is drawn again only when they change.
  const pages = search.data?.pages;
  const rows: SubAccount[] = useMemo(() => pages?.flatMap((p) => p.subAccounts) ?? [], [pages]);
  // The same function at every render, so the list can hand it on to components drawn again only when it changes.
  const clear = useCallback(() => setCriteria(EMPTY), []);
  return {
    criteria,
    setCriteria,
    clear,
    /** The text's problem, said at once rather than after the pause. */
    error: problem ? m[problem] : null,
    /** The table shows the search's rows rather than the list's page. */
    active: wanted,
    rows,
    loading: wanted && valid && search.isPending,
    failed: search.isError,
    hasMore: search.hasNextPage,
    loadingMore: search.isFetchingNextPage,
    more: () => void search.fetchNextPage(),
  };
}

export type Finder = ReturnType<typeof useFinder>;
