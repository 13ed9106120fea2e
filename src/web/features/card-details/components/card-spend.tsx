// A card's authorizations as the company's spend shows them (decision 119): the same filters, totals and dense table,
// over the card's whole history from the spec's call, filtered here; a NEGADA one keeps its explanation and its fix.
import { useMemo, useState } from 'react';
import { DENIED } from '../../../../contracts/authorization-status.ts';
import { messages } from '../../../../contracts/messages.ts';
import type { SpendRow } from '../../../../contracts/spend.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import type { Column } from '../../../ui/responsive-table.tsx';
import { SpendPanel } from '../../spend/components/spend-panel.tsx';
import { defaultSpendFilters, type SpendFilterValues } from '../../spend/lib/filters.ts';
import { filterLocally, spendRowOf, totalsOf } from '../../spend/lib/local-filter.ts';
import { useAuthorizations } from '../api/history.ts';
import { historyTime, keptAuthorizations } from '../lib/history.ts';
import type { SelectedCard } from '../lib/selected-card.ts';
import { DeclineExplanation, type DeclineExplanationProps } from './decline-explanation.tsx';

const m = messages.history;

/** The Brasília day (UTC−3 all year) of an instant, ISO. */
const brasiliaDay = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 10);

/** The whole history by default: a card's history has no period until the operator picks one. */
const allTime = (): SpendFilterValues => ({ ...defaultSpendFilters(), from: '', to: '' });

export function CardSpend({
  selected,
  context,
}: {
  selected: SelectedCard;
  context: Omit<DeclineExplanationProps, 'authorization'>;
}) {
  const authorizations = useAuthorizations(selected.uuid, selected.last4);
  const [applied, setApplied] = useState<SpendFilterValues>(allTime);
  const kept = useMemo(
    () =>
      keptAuthorizations(authorizations.data ?? [])
        .sort((a, b) => historyTime(b.tmsInclH) - historyTime(a.tmsInclH))
        .map((a) => spendRowOf(a, selected.uuid, selected.shownLast4)),
    [authorizations.data, selected.uuid, selected.shownLast4],
  );
  const rows = useMemo(() => filterLocally(kept, applied), [kept, applied]);
  const decline: Column<SpendRow> = {
    key: 'decline',
    label: messages.declines.column,
    footer: true,
    render: (a) => (a.status === DENIED ? <DeclineExplanation authorization={a} {...context} /> : null),
  };
  return (
    <SpendPanel
      uuid={selected.uuid}
      applied={applied}
      defaults={allTime}
      onApply={setApplied}
      rows={rows}
      totals={kept.length > 0 ? totalsOf(rows) : null}
      pending={authorizations.isPending}
      failure={authorizations.isError ? m.failure : null}
      onRetry={() => authorizations.refetch()}
      extra={[decline]}
      exportLabel={messages.spend.exportCardLabel}
      {...(kept.length > 0 ? { exportFrom: brasiliaDay(kept[kept.length - 1]!.tmsInclH) } : {})}
      unfilteredExport={
        kept.length > 0 ? (
          <ExportButton
            key="all"
            kind="authorizations"
            label={messages.exports.authorizations}
            filters={{ uuid: selected.uuid, last4: selected.last4 }}
          />
        ) : undefined
      }
      emptyText={kept.length === 0 ? m.empty : messages.spend.empty}
    />
  );
}
