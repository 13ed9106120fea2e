// The audit trail's read (GET /v1/audit/events), keyset-paged: each "Carregar mais" sends the last page's cursor.
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { type AuditFilterValues, queryOf } from '../lib/filters.ts';

export function useAuditTrail(filters: AuditFilterValues) {
  const company = useAppStore((s) => s.company);
  return useInfiniteQuery({
    queryKey: ['audit', company?.cnpj ?? '', company?.relationCode ?? '', filters],
    queryFn: ({ pageParam }) => {
      const c = company as NonNullable<typeof company>;
      return api.auditTrail({
        headers: { cnpj: c.cnpj, relationcode: c.relationCode },
        query: { ...queryOf(filters), ...(pageParam ? { cursor: pageParam } : {}) },
      });
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: company !== null,
    // The screen says in place why it failed (a refused period names its rule).
    meta: { silent: true },
    retry: false,
    staleTime: 0,
  });
}
