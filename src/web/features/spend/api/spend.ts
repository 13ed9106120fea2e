// The company's spend (GET /v1/corporate/transactions, decision 118), keyset-paged: each "Carregar mais" sends the
// last page's cursor; the totals come with the first page.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { SpendFilters } from '../../../../contracts/spend.ts';
import { api } from '../../../api/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';

/** Everything the spend screens read for a company: what a card change makes stale. */
export const spendKey = (cnpj: string) => ['spend', cnpj] as const;

/** `uuid`: one account's rows only (the card screen's history). */
export function useCompanySpend(filters: SpendFilters, uuid?: string) {
  const company = useAppStore((s) => s.company);
  return useInfiniteQuery({
    queryKey: [...spendKey(company?.cnpj ?? ''), company?.relationCode ?? '', uuid ?? '', filters],
    queryFn: ({ pageParam }) => {
      const c = company as NonNullable<typeof company>;
      return api.companyTransactions({
        headers: { cnpj: c.cnpj, relationcode: c.relationCode },
        query: { ...filters, ...(uuid ? { uuid } : {}), ...(pageParam ? { after: pageParam } : {}) },
      });
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: company !== null,
    // The screen says in place why it failed, with "Tentar novamente".
    meta: { silent: true },
    retry: false,
    staleTime: 0,
  });
}
