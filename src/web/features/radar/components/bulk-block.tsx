// "Bloquear selecionados" on the unused list: a confirmation that names how many cards and what the block is, then
// each card blocked in turn, with a per-card result. Dismissing the confirmation sends nothing.
import { Badge, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import type { RadarCard } from '../../../../contracts/radar.ts';
import { rowLast4 } from '../../../lib/card-row.ts';
import { type BlockOutcome, blockEach } from '../lib/bulk-block.ts';

const b = messages.radar.bulk;

interface BulkBlockProps {
  selected: RadarCard[];
  /** After the run: the outcomes, so the screen clears the selection and reads the list again. */
  onDone: (outcomes: BlockOutcome[]) => void;
}

export function BulkBlock({ selected, onDone }: BulkBlockProps) {
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const running = progress !== null;

  async function run() {
    const cards = [...selected];
    setProgress(0);
    try {
      onDone(await blockEach(cards, setProgress));
    } catch {
      // The session ended mid-run and the sign-out already said so.
    } finally {
      setProgress(null);
      setConfirming(false);
    }
  }

  return (
    <Group gap="sm" wrap="wrap">
      <Text fz="sm" fw={600} aria-live="polite">
        {b.selected(selected.length)}
      </Text>
      <Button size="sm" color="teal" disabled={selected.length === 0} onClick={() => setConfirming(true)}>
        {b.block}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => (running ? undefined : setConfirming(false))}
        title={b.confirmTitle}
        centered
        closeButtonProps={{ 'aria-label': b.cancel }}
      >
        <Stack gap="md">
          <Text fz="sm">{b.confirmText(selected.length)}</Text>
          {running ? (
            <Text fz="sm" role="status">
              {b.running(progress, selected.length)}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={running} data-autofocus>
              {b.cancel}
            </Button>
            <Button color="teal" onClick={run} loading={running}>
              {b.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** What the last run did, card by card. */
export function BulkResult({ outcomes, onClose }: { outcomes: BlockOutcome[]; onClose: () => void }) {
  const ok = outcomes.filter((o) => o.ok).length;
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-labelledby="bulk-result-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text id="bulk-result-title" fw={600}>
            {b.resultTitle}
          </Text>
          <Button size="xs" variant="subtle" onClick={onClose}>
            {b.close}
          </Button>
        </Group>
        <Text fz="sm">{b.summary(ok, outcomes.length - ok)}</Text>
        <List spacing={4} size="sm" aria-label={b.resultTitle}>
          {outcomes.map((o) => (
            <List.Item key={o.card.uuid}>
              <Group gap={6} wrap="wrap">
                <Badge color={o.ok ? 'teal' : 'red'} variant="light">
                  {o.ok ? b.blocked : b.refused}
                </Badge>
                <Text component="span" fz="sm">
                  {o.card.cardHolder} · {rowLast4(o.card)}
                </Text>
                {o.ok ? null : (
                  <Text component="span" fz="sm" c="red.8">
                    {o.message}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
