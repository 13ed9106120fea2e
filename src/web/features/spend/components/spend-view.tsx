// The spend list with its filters, totals, file and pages (decision 118): the company screen shows it for every
// card; a card's history shows it for that card's account (`uuid`), with the same filters and the same table.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import type { SpendRow } from '../../../../contracts/spend.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import type { Column } from '../../../ui/responsive-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCompanySpend } from '../api/spend.ts';
import { defaultSpendFilters, type SpendFilterValues, spendQueryOf } from '../lib/filters.ts';
import { SpendFilterForm } from './spend-filter-form.tsx';
import { SpendTable } from './spend-table.tsx';
import { SpendTotals } from './spend-totals.tsx';

const m = messages.spend;
const number = new Intl.NumberFormat('pt-BR');

interface Props {
  /** One account's rows: the card screen's history. */
  uuid?: string;
  /** The card's own columns (the decline's explanation). */
  extra?: Column<SpendRow>[];
  exportLabel?: string;
  emptyText?: string;
  failureText?: string;
  onOpen?: (row: SpendRow) => void;
}

export function SpendView({
  uuid,
  extra,
  exportLabel = m.exportLabel,
  emptyText = m.empty,
  failureText,
  onOpen,
}: Props) {
  const company = useAppStore((s) => s.company);
  const [applied, setApplied] = useState<SpendFilterValues>(() => defaultSpendFilters());
  const query = useMemo(() => spendQueryOf(applied), [applied]);
  const list = useCompanySpend(query, uuid);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.transactions) ?? [], [list.data]);
  const totals = list.data?.pages[0]?.totals ?? null;
  const oneCard = uuid !== undefined;
  const failure = failureText ?? m.failure;

  return (
    <Stack gap="md">
      <SpendFilterForm initial={applied} defaults={defaultSpendFilters} onApply={setApplied} oneCard={oneCard} />
      {totals ? <SpendTotals totals={totals} /> : null}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} aria-live="polite">
          {list.isSuccess && rows.length > 0 ? m.shown(number.format(rows.length)) : ''}
        </Text>
        {company ? (
          <ExportButton
            kind="spend"
            filters={{ cnpj: company.cnpj, relationCode: company.relationCode, ...query, ...(uuid ? { uuid } : {}) }}
            label={exportLabel}
            disabled={rows.length === 0}
          />
        ) : null}
      </Group>
      {list.isPending ? (
        <Spinner label={m.loading} />
      ) : list.isError ? (
        <Paper withBorder p="lg" radius="md">
          <Group gap="sm">
            <Text role="alert">
              {isApiError(list.error) && list.error.status === 400 ? list.error.message : failure}
            </Text>
            <Button size="xs" variant="light" onClick={() => list.refetch()}>
              {m.retry}
            </Button>
          </Group>
        </Paper>
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="gray.7">{emptyText}</Text>
        </Paper>
      ) : (
        <>
          <SpendTable rows={rows} oneCard={oneCard} {...(extra ? { extra } : {})} {...(onOpen ? { onOpen } : {})} />
          {list.hasNextPage ? (
            <Group justify="center">
              <Button variant="light" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {m.more}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
