import { Text } from '@mantine/core';
import type { BulkKind, BulkPreviewRow } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { AmountChange } from '../../../ui/amount-change.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { ToneBadge } from '../../../ui/status-badge.tsx';
import { newLimitOf } from '../lib/counts.ts';
import type { FileRow } from '../lib/csv.ts';
import { rowData } from '../lib/row-data.ts';
import { ControlsChange } from './controls-change.tsx';

const m = messages.bulk;

export type Result = keyof typeof m.results;
export interface ShownRow {
  line: number;
  result: Result;
  reason: string | null;
  /** A limits row of the dry run: the card's available limit now. */
  current?: number;
  /** A controls row of the dry run: the controls atual → novo and their 30-day impact. */
  controls?: BulkPreviewRow['controls'];
}

const TONE: Record<Result, string> = {
  OK: 'green',
  APLICADA: 'green',
  ERRO: 'red',
  RECUSADA: 'red',
  JA_APLICADA: 'gray',
  PENDENTE: 'yellow',
};

/** What a row's reason column says: the refusal, or what an accepted row is ready for / had done. */
export const reasonText = (row: ShownRow) =>
  row.reason ?? (row.result === 'OK' ? m.okReason : row.result === 'APLICADA' ? m.appliedReason : '');

/** One line per file row: its line number, its key data, the result and the reason. */
export function RowsTable({
  kind,
  rows,
  results,
  label,
}: {
  kind: BulkKind;
  rows: FileRow[];
  results: ShownRow[];
  label: string;
}) {
  const cells = new Map(rows.map((r) => [r.line, r.cells]));
  return (
    <ResponsiveTable
      label={label}
      rows={results}
      rowKey={(row) => String(row.line)}
      stackBelow="47.99em"
      columns={[
        {
          key: 'line',
          label: m.columns.line,
          primary: true,
          render: (row) => (
            <Text span inherit style={{ whiteSpace: 'nowrap' }}>
              {`${m.columns.line} ${row.line}`}
            </Text>
          ),
        },
        {
          key: 'data',
          label: m.columns.data,
          render: (row) => (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {rowData(kind, cells.get(row.line) ?? [])}
            </Text>
          ),
        },
        ...(kind === 'limits' && results.some((r) => r.current !== undefined)
          ? [
              {
                key: 'change',
                label: m.columns.change,
                render: (row: ShownRow) => {
                  const next = newLimitOf(cells.get(row.line) ?? []);
                  if (row.current === undefined || next === null) return <Text fz="sm">—</Text>;
                  return <AmountChange current={row.current} next={next} cutLabel={m.cut} />;
                },
              },
            ]
          : []),
        ...(kind === 'controls' && results.some((r) => r.controls !== undefined)
          ? [
              {
                key: 'change',
                label: m.columns.controlsChange,
                render: (row: ShownRow) =>
                  row.controls ? <ControlsChange change={row.controls} /> : <Text fz="sm">—</Text>,
              },
            ]
          : []),
        {
          key: 'result',
          label: m.columns.result,
          render: (row) => <ToneBadge tone={TONE[row.result]}>{m.results[row.result]}</ToneBadge>,
        },
        {
          key: 'reason',
          label: m.columns.reason,
          render: (row) => <Text fz="sm">{reasonText(row)}</Text>,
        },
      ]}
    />
  );
}
