// The company's spend read from the provider page by page (decision 118), shown by the shared panel.
import { useMemo, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import type { SpendRow } from '../../../../contracts/spend.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useCompanySpend } from '../api/spend.ts';
import { defaultSpendFilters, type SpendFilterValues, spendQueryOf } from '../lib/filters.ts';
import { SpendPanel } from './spend-panel.tsx';

export function SpendView({ onOpen }: { onOpen?: (row: SpendRow) => void }) {
  const [applied, setApplied] = useState<SpendFilterValues>(() => defaultSpendFilters());
  const query = useMemo(() => spendQueryOf(applied), [applied]);
  const list = useCompanySpend(query);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.transactions) ?? [], [list.data]);
  const refused = list.isError && isApiError(list.error) && list.error.status === 400;
  return (
    <SpendPanel
      applied={applied}
      defaults={defaultSpendFilters}
      onApply={setApplied}
      rows={rows}
      totals={list.data?.pages[0]?.totals ?? null}
      pending={list.isPending}
      failure={list.isError ? (refused ? list.error.message : messages.spend.failure) : null}
      onRetry={() => list.refetch()}
      more={{ has: list.hasNextPage, loading: list.isFetchingNextPage, load: () => list.fetchNextPage() }}
      {...(onOpen ? { onOpen } : {})}
    />
  );
}
