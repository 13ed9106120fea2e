// The cards list paints with the first screen's share of Mantine's styles (app/initial-styles.ts), which has no
// Progress: the button brings the bar's own.
import '@mantine/core/styles/Progress.layer.css';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ExportFiltersOf, ExportKindName } from '../../contracts/exports.ts';
import { messages } from '../../contracts/messages.ts';
import { type ExportProgress, runExport, saveFile } from '../api/download-export.ts';
import { isApiError } from '../lib/transport/api-error.ts';
import { IconDownload } from './extra-icons.ts';
import { FormAlert } from './form-alert.tsx';

const m = messages.exports;
const count = new Intl.NumberFormat('pt-BR');

export interface ExportButtonProps<K extends ExportKindName> {
  /** What is exported (a kind of the contract's exportFilters). */
  kind: K;
  /** The screen's current filters: its search, its sort, the card or invoice it shows. */
  filters: ExportFiltersOf<K>;
  /** The button's text, e.g. messages.exports.holders. */
  label?: string;
  disabled?: boolean;
}

type State =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'receiving'; progress: ExportProgress }
  | { step: 'done'; rows: number }
  | { step: 'cancelled' }
  | { step: 'failed'; message: string };

/**
 * Exports the screen's list as a CSV file (decision 084): asks for a ticket, then reads the file as it streams,
 * showing the rows received against the rows announced, with a cancel; the file is saved when complete.
 */
export function ExportButton<K extends ExportKindName>({ kind, filters, label, disabled }: ExportButtonProps<K>) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'preparing' });
    try {
      const file = await runExport(
        kind,
        filters,
        (progress) => {
          if (!controller.signal.aborted) setState({ step: 'receiving', progress });
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      saveFile(file);
      setState({ step: 'done', rows: file.rows });
    } catch (error) {
      if (controller.signal.aborted) return setState({ step: 'cancelled' });
      setState({ step: 'failed', message: isApiError(error) ? error.message : m.failed });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const busy = state.step === 'preparing' || state.step === 'receiving';
  const progress = state.step === 'receiving' ? state.progress : null;
  const percent = progress && progress.expected > 0 ? Math.min(100, (progress.received / progress.expected) * 100) : 0;

  return (
    <Stack gap={6} w="100%" miw={0}>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          disabled={disabled || busy}
          onClick={start}
          // A long label wraps inside the button instead of being cut ("…filtradas (CS" at 360 px).
          maw="100%"
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflow: 'visible', lineHeight: 1.3 } }}
        >
          {label ?? m.button}
        </Button>
        {busy ? (
          <Button variant="subtle" color="gray" onClick={() => abort.current?.abort()}>
            {m.cancel}
          </Button>
        ) : null}
      </Group>
      {busy ? (
        <Stack gap={4} w="100%" maw={420}>
          <Progress value={percent} size="md" radius="xl" aria-label={m.progressLabel} />
          <Text fz="sm" c="gray.7" aria-live="polite">
            {progress ? m.progress(count.format(progress.received), count.format(progress.expected)) : m.preparing}
          </Text>
        </Stack>
      ) : null}
      {state.step === 'done' ? (
        <Text fz="sm" c="teal.9" aria-live="polite">
          {m.done(count.format(state.rows))}
        </Text>
      ) : null}
      {state.step === 'cancelled' ? (
        <Text fz="sm" c="gray.7" aria-live="polite">
          {m.cancelled}
        </Text>
      ) : null}
      {state.step === 'failed' ? <FormAlert message={state.message} /> : null}
    </Stack>
  );
}
