import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { BulkKind, BulkPreviewRow } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { count, cutLines, percent } from '../lib/counts.ts';
import type { FileRow } from '../lib/csv.ts';
import { FocusedTitle } from './focused-title.tsx';
import { RowsTable } from './rows-table.tsx';

const m = messages.bulk;

/** The checked file: each row's verdict, the counts, and the apply button while anything can be applied. */
export function PreviewPanel({
  kind,
  rows,
  preview,
  applying,
  onApply,
  onRestart,
}: {
  kind: BulkKind;
  rows: FileRow[];
  preview: BulkPreviewRow[];
  applying: { done: number; total: number } | null;
  onApply: () => void;
  onRestart: () => void;
}) {
  const valid = count(preview, 'OK');
  const already = count(preview, 'JA_APLICADA');
  const cuts = kind === 'limits' ? cutLines(rows, preview).length : 0;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="bulk-preview-title">
      <Stack gap="md">
        <FocusedTitle id="bulk-preview-title">{m.previewTitle}</FocusedTitle>
        <Alert color="teal" variant="light">
          <Text fz="sm">{m.previewNote}</Text>
        </Alert>
        <Text fw={600} data-testid="bulk-counts">
          {m.counts(valid, count(preview, 'ERRO'))}
          {already > 0 ? ` · ${m.alreadyCount(already)}` : ''}
        </Text>
        {cuts > 0 ? (
          <Text fw={700} c="red.9" data-testid="bulk-cuts">
            {m.cutsCount(cuts)}
          </Text>
        ) : null}
        <RowsTable kind={kind} rows={rows} results={preview} label={m.tableLabel} />
        {applying ? (
          <Stack gap={4}>
            <Text fz="sm" role="status">
              {m.applying(applying.done, applying.total)}
            </Text>
            <Progress value={percent(applying.done, applying.total)} aria-label={m.progressLabel} />
          </Stack>
        ) : valid + already === 0 ? (
          <FormAlert message={m.nothingToApply} />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onRestart} disabled={applying !== null}>
            {m.restart}
          </Button>
          {valid + already > 0 ? (
            <Button onClick={onApply} loading={applying !== null}>
              {m.apply}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
