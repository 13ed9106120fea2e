import { Button, Group, Modal, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BULK_KINDS, type BulkApplyRow, type BulkKind, type BulkPreviewRow } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { applyFile, previewFile, type Relationship } from '../api/bulk-calls.ts';
import { FilePicker } from '../components/file-picker.tsx';
import { PreviewPanel } from '../components/preview-panel.tsx';
import { ResultPanel } from '../components/result-panel.tsx';
import { count, cutLines, percent } from '../lib/counts.ts';
import { download, type FileRow, looksLikeCsv, parseFile, templateCsv } from '../lib/csv.ts';
import { readText } from '../lib/read-file.ts';

const m = messages.bulk;

type Stage =
  | { step: 'idle' }
  | { step: 'checking'; done: number; total: number }
  | { step: 'preview'; rows: FileRow[]; preview: BulkPreviewRow[] }
  | { step: 'applying'; rows: FileRow[]; preview: BulkPreviewRow[]; done: number; total: number }
  | { step: 'done'; rows: FileRow[]; preview: BulkPreviewRow[]; applied: BulkApplyRow[]; stopped: string | null };

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
          {kind === 'limits' && cutLines(stage.rows, stage.preview).length > 0 ? (
            <Text mb="lg" fw={700} c="red.9">
              {m.confirmCuts(cutLines(stage.rows, stage.preview).length)}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {m.cancel}
            </Button>
            <Button onClick={onApply}>{m.confirm}</Button>
          </Group>
        </Modal>
      ) : null}
    </Stack>
  );
}
