// The spend list with its filters, totals, file and pages (decision 118), whatever reads the rows: the company screen
// asks the provider page by page; a card's history filters the card's own authorizations (decision 119). The same
// form, the same totals, the same dense table.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import type { SpendRow, SpendTotals as Totals } from '../../../../contracts/spend.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import type { Column } from '../../../ui/responsive-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { type SpendFilterValues, spendQueryOf } from '../lib/filters.ts';
import { SpendFilterForm } from './spend-filter-form.tsx';
import { SpendTable } from './spend-table.tsx';
import { SpendTotals } from './spend-totals.tsx';

const m = messages.spend;
const number = new Intl.NumberFormat('pt-BR');

export interface SpendPanelProps {
  applied: SpendFilterValues;
  defaults: () => SpendFilterValues;
  onApply: (values: SpendFilterValues) => void;
  rows: SpendRow[];
  totals: Totals | null;
  pending: boolean;
  /** What failed, said in place; null when nothing did. */
  failure: string | null;
  onRetry: () => void;
  /** The spec's history texts say a failure without a retry button (it retries by itself on the next visit). */
  retryButton?: boolean;
  more?: { has: boolean; loading: boolean; load: () => void };
  /** One account's rows: the card screen's history, without the holder field and columns. */
  uuid?: string;
  extra?: Column<SpendRow>[];
  exportLabel?: string;
  /**
   * The file while no filter is set, in place of the filtered one (decision 141): a card's history exports its whole
   * history with its own file; once a filter is set, the one control exports what the table shows.
   */
  unfilteredExport?: ReactNode;
  /**
   * The first day of the rows filtered here, sent as the file's start when the filter sets none: the provider's
   * file starts SPEND_DEFAULT_DAYS back by default, a card's history shows the whole history.
   */
  exportFrom?: string;
  emptyText?: string;
  onOpen?: (row: SpendRow) => void;
}

export function SpendPanel(p: SpendPanelProps) {
  const company = useAppStore((s) => s.company);
  const oneCard = p.uuid !== undefined;
  const filters = spendQueryOf(p.applied);
  const filtered = JSON.stringify(filters) !== JSON.stringify(spendQueryOf(p.defaults()));
  return (
    <Stack gap="md">
      <SpendFilterForm initial={p.applied} defaults={p.defaults} onApply={p.onApply} oneCard={oneCard} />
      {p.totals ? <SpendTotals totals={p.totals} /> : null}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} aria-live="polite">
          {!p.pending && p.rows.length > 0 ? m.shown(number.format(p.rows.length)) : ''}
        </Text>
        {p.unfilteredExport && !filtered ? (
          p.unfilteredExport
        ) : company ? (
          <ExportButton
            key="filtered"
            kind="spend"
            filters={{
              cnpj: company.cnpj,
              relationCode: company.relationCode,
              ...filters,
              ...(p.exportFrom && !filters.from ? { from: p.exportFrom } : {}),
              ...(p.uuid ? { uuid: p.uuid } : {}),
            }}
            label={p.exportLabel ?? m.exportLabel}
            disabled={p.rows.length === 0}
          />
        ) : null}
      </Group>
      {p.pending ? (
        <Spinner label={m.loading} />
      ) : p.failure !== null ? (
        p.retryButton === false ? (
          <FormAlert message={p.failure} />
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Group gap="sm">
              <Text role="alert">{p.failure}</Text>
              <Button size="xs" variant="light" onClick={p.onRetry}>
                {m.retry}
              </Button>
            </Group>
          </Paper>
        )
      ) : p.rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="gray.7">{p.emptyText ?? m.empty}</Text>
        </Paper>
      ) : (
        <>
          <SpendTable
            rows={p.rows}
            oneCard={oneCard}
            {...(p.extra ? { extra: p.extra } : {})}
            {...(p.onOpen ? { onOpen: p.onOpen } : {})}
          />
          {p.more?.has ? (
            <Group justify="center">
              <Button variant="light" onClick={p.more.load} loading={p.more.loading}>
                {m.more}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
