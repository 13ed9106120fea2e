// The radar's two reads: the counts of /home and one list, keyset-paged (GET /v1/corporate/radar[/cards]).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { RadarCategory } from '../../../../contracts/radar.ts';
import { api } from '../../../api/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { filterOnTheWire } from '../lib/categories.ts';

const headersOf = (company: { cnpj: string; relationCode: string }) => ({
  cnpj: company.cnpj,
  relationcode: company.relationCode,
});

/** Everything the radar has read for a company: what a card change makes stale. */
export const radarKey = (cnpj: string) => ['radar', cnpj] as const;

export function useRadar() {
  const company = useAppStore((s) => s.company);
  return useQuery({
    queryKey: [...radarKey(company?.cnpj ?? ''), 'counts'],
    queryFn: () => api.radar({ headers: headersOf(company as NonNullable<typeof company>) }),
    enabled: company !== null,
    // The panel says it failed in place; the cards list below it must not be covered by a notification.
    meta: { silent: true },
    staleTime: 0,
  });
}

export function useRadarCards(category: RadarCategory, filter: string) {
  const company = useAppStore((s) => s.company);
  return useInfiniteQuery({
    queryKey: [...radarKey(company?.cnpj ?? ''), 'list', category, filter],
    queryFn: ({ pageParam }) =>
      api.radarCards({
        headers: headersOf(company as NonNullable<typeof company>),
        query: {
          category,
          ...(filter ? { filter: filterOnTheWire(filter) } : {}),
          ...(pageParam ? { after: pageParam } : {}),
        },
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: company !== null,
    meta: { silent: true },
    staleTime: 0,
  });
}
