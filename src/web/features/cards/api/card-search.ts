// GET /v1/corporate/accounts/search (issue 27, decision 115): the company's cards by name, CPF or last four digits and
// by status, keyset-paged; each page is asked for once the operator wants more.
import { useInfiniteQuery } from '@tanstack/react-query';
import { searchTermOnTheWire } from '../../../../contracts/card-search-term.ts';
import type { StatusFilter } from '../../../../contracts/card-state.ts';
import { api } from '../../../api/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';

export interface CardSearchCriteria {
  text: string;
  status: StatusFilter | '';
}

/** Everything the search has read for a company: what a card change makes stale. */
export const cardSearchKey = (cnpj: string) => ['card-search', cnpj] as const;

export function useCardSearch({ text, status }: CardSearchCriteria, enabled: boolean) {
  const company = useAppStore((s) => s.company);
  const q = searchTermOnTheWire(text);
  return useInfiniteQuery({
    queryKey: [...cardSearchKey(company?.cnpj ?? ''), q, status],
    queryFn: ({ pageParam }) =>
      api.cardSearch({
        headers: { cnpj: company?.cnpj ?? '', relationcode: company?.relationCode ?? '' },
        query: { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(pageParam ? { after: pageParam } : {}) },
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: enabled && company !== null,
    // The screen says it failed in place, beside the box.
    meta: { silent: true },
    staleTime: 0,
  });
}
