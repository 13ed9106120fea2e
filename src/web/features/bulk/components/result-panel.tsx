import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { BulkApplyRow, BulkKind, BulkPreviewRow } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { count } from '../lib/counts.ts';
import { download, type FileRow } from '../lib/csv.ts';
import { resultCsv } from '../lib/result-csv.ts';
import { FocusedTitle } from './focused-title.tsx';
import { RowsTable, type ShownRow } from './rows-table.tsx';

const m = messages.bulk;

/** The applied file: each row's outcome, the counts and the result as a CSV to download. */
export function ResultPanel({
  kind,
  rows,
  preview,
  applied,
  stopped,
  onRestart,
}: {
  kind: BulkKind;
  rows: FileRow[];
  preview: BulkPreviewRow[];
  applied: BulkApplyRow[];
  stopped: string | null;
  onRestart: () => void;
}) {
  const byLine = new Map<number, ShownRow>(applied.map((r) => [r.line, r]));
  // A row in error was refused by the preview; a row a stopped run never sent says so.
  const results: ShownRow[] = preview.map(
    (p) =>
      byLine.get(p.line) ??
      (p.result === 'ERRO' ? { ...p, result: 'RECUSADA' } : { line: p.line, result: 'PENDENTE', reason: m.notSent }),
  );
  const appliedCount = count(applied, 'APLICADA');
  const refused = count(results, 'RECUSADA');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="bulk-result-title">
      <Stack gap="md">
        <FocusedTitle id="bulk-result-title">{m.resultTitle}</FocusedTitle>
        <FormAlert message={stopped} />
        <Text fw={600} data-testid="bulk-result-counts">
          {m.resultCounts(appliedCount, refused, count(applied, 'JA_APLICADA'))}
        </Text>
        <Progress value={100} aria-label={m.progressLabel} />
        <RowsTable kind={kind} rows={rows} results={results} label={m.tableLabel} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onRestart}>
            {m.restart}
          </Button>
          <Button onClick={() => download(m.resultName(kind), resultCsv(kind, rows, results))}>{m.download}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
