import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import type { RevealVirtualResponse } from '../../../../contracts/virtual-cards.ts';

const m = messages.spending.virtual;

/** '5491670123456789' → '5491 6701 2345 6789' */
const grouped = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The revealed number, expiry and CVV, for the seconds the provider allows; then the dialog closes by itself and the
 * data leave the page's memory with it.
 */
export function RevealDialog({
  revealed,
  last4,
  onClose,
}: {
  revealed: RevealVirtualResponse | null;
  last4: string;
  onClose: () => void;
}) {
  const [left, setLeft] = useState(revealed?.visibleForSeconds ?? 0);
  useEffect(() => {
    if (!revealed) return;
    setLeft(revealed.visibleForSeconds);
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = revealed.visibleForSeconds - Math.floor((Date.now() - started) / 1000);
      if (remaining <= 0) onClose();
      else setLeft(remaining);
    }, 1000);
    return () => clearInterval(timer);
  }, [revealed, onClose]);

  return (
    <Modal
      opened={revealed !== null}
      onClose={onClose}
      title={m.revealTitle(last4)}
      centered
      closeButtonProps={{ 'aria-label': m.close }}
    >
      {revealed ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Field label={m.number} value={grouped(revealed.pan)} wide />
            <Field label={m.expiry} value={revealed.expiry} />
            <Field label={m.cvv} value={revealed.cvv} />
          </SimpleGrid>
          <Text fz="sm" c="gray.7" aria-live="polite">
            {m.revealHides(left)}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {m.close}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function Field({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} fz="lg" ff="monospace">
        {value}
      </Text>
    </div>
  );
}
