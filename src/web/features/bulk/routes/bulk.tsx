import { Alert, Button, Group, Modal, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { BULK_KINDS, type BulkApplyRow, type BulkKind, type BulkPreviewRow } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { applyFile, previewFile, type Relationship } from '../api/bulk-calls.ts';
import { FilePicker } from '../components/file-picker.tsx';
import { RowsTable, type ShownRow } from '../components/rows-table.tsx';
import { download, type FileRow, looksLikeCsv, parseFile, templateCsv } from '../lib/csv.ts';
import { readText } from '../lib/read-file.ts';
import { resultCsv } from '../lib/result-csv.ts';

const m = messages.bulk;

type Stage =
  | { step: 'idle' }
  | { step: 'checking'; done: number; total: number }
  | { step: 'preview'; rows: FileRow[]; preview: BulkPreviewRow[] }
  | { step: 'applying'; rows: FileRow[]; preview: BulkPreviewRow[]; done: number; total: number }
  | { step: 'done'; rows: FileRow[]; preview: BulkPreviewRow[]; applied: BulkApplyRow[]; stopped: string | null };

const count = (rows: { result: string }[], result: string) => rows.filter((r) => r.result === result).length;

/** /home/bulk: a CSV of limits, blocks or card requests, checked (nothing written), confirmed, then applied. */
export default function BulkRoute() {
  useDocumentTitle(messages.pageTitles.bulk);
  const company = useAppStore((s) => s.company);
  const [kind, setKind] = useState<BulkKind>('limits');
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = stage.step === 'checking' || stage.step === 'applying';

  if (!company) return <FormAlert message={messages.company.required} />;
  const relationship: Relationship = { cnpj: company.cnpj, relationCode: company.relationCode };

  async function onFile(file: File) {
    setFileName(file.name);
    setProblem(null);
    if (!looksLikeCsv(file)) return setProblem(m.notCsv);
    let parsed: ReturnType<typeof parseFile>;
    try {
      parsed = parseFile(await readText(file), kind);
    } catch {
      return setProblem(m.unreadable);
    }
    if (!parsed.ok) return setProblem(parsed.message);
    const { rows } = parsed;
    setStage({ step: 'checking', done: 0, total: rows.length });
    try {
      const preview = await previewFile(relationship, kind, rows, (done, total) =>
        setStage({ step: 'checking', done, total }),
      );
      setStage({ step: 'preview', rows, preview });
    } catch {
      setStage({ step: 'idle' });
      setProblem(m.failure);
    }
  }

  async function onApply() {
    if (stage.step !== 'preview') return;
    setConfirming(false);
    const { rows, preview } = stage;
    const sendable = new Set(preview.filter((r) => r.result !== 'ERRO').map((r) => r.line));
    const toSend = rows.filter((r) => sendable.has(r.line));
    const applied: BulkApplyRow[] = [];
    setStage({ step: 'applying', rows, preview, done: 0, total: toSend.length });
    let stopped: string | null = null;
    try {
      await applyFile(
        relationship,
        kind,
        toSend,
        (done, total) => setStage({ step: 'applying', rows, preview, done, total }),
        applied,
      );
    } catch {
      stopped = m.stopped(applied.length, toSend.length);
    }
    setStage({ step: 'done', rows, preview, applied, stopped });
  }

  function restart() {
    setStage({ step: 'idle' });
    setFileName(null);
    setProblem(null);
  }

  return (
    <Stack gap="md" maw={1200}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="bulk-title">
        <Stack gap="md">
          <Title order={2} fz="xl" id="bulk-title">
            {m.title}
          </Title>
          <Text>{m.intro}</Text>
          <Radio.Group
            label={m.kindLabel}
            value={kind}
            onChange={(value) => {
              setKind(value as BulkKind);
              restart();
            }}
          >
            <Group gap="lg" mt="xs">
              {BULK_KINDS.map((k) => (
                <Radio key={k} value={k} label={m.kinds[k]} disabled={busy} />
              ))}
            </Group>
          </Radio.Group>
          <Text fz="sm" c="gray.8" mt={-8}>
            {m.kindHints[kind]}
          </Text>
          <Group>
            <Button variant="light" onClick={() => download(m.templateName(kind), templateCsv(kind))}>
              {m.template}
            </Button>
          </Group>
          <FilePicker onFile={onFile} disabled={busy} fileName={fileName} />
          <FormAlert message={problem} />
          {stage.step === 'checking' ? (
            <Stack gap={4}>
              <Text fz="sm" role="status">
                {m.checking(stage.done, stage.total)}
              </Text>
              <Progress value={percent(stage.done, stage.total)} aria-label={m.checking(stage.done, stage.total)} />
            </Stack>
          ) : null}
        </Stack>
      </Paper>
      {stage.step === 'preview' || stage.step === 'applying' ? (
        <PreviewPanel
          kind={kind}
          rows={stage.rows}
          preview={stage.preview}
          applying={stage.step === 'applying' ? stage : null}
          onApply={() => setConfirming(true)}
          onRestart={restart}
        />
      ) : null}
      {stage.step === 'done' ? (
        <ResultPanel
          kind={kind}
          rows={stage.rows}
          preview={stage.preview}
          applied={stage.applied}
          stopped={stage.stopped}
          onRestart={restart}
        />
      ) : null}
      {stage.step === 'preview' ? (
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={m.confirmTitle}
          centered
          closeButtonProps={{ 'aria-label': 'Fechar' }}
        >
          <Text mb="lg">{m.confirmText(count(stage.preview, 'OK'), count(stage.preview, 'JA_APLICADA'))}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {m.cancel}
            </Button>
            <Button onClick={onApply}>{m.confirm}</Button>
          </Group>
        </Modal>
      ) : null}
    </Stack>
  );
}

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

/** A heading that takes the focus when its panel appears, so the keyboard and screen readers land on the news. */
function FocusedTitle({ id, children }: { id: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Title order={2} fz="lg" id={id} ref={ref} tabIndex={-1} style={{ outlineOffset: 4 }}>
      {children}
    </Title>
  );
}

function PreviewPanel({
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

function ResultPanel({
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
