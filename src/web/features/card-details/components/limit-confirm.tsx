import { Group, Text } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { formatBRL } from '../../../ui/format.ts';
import { ConfirmModal } from './confirm-modal.tsx';

const m = messages.limit;
const amount = (value: number) => formatBRL(value).replace(' ', '\u00a0');

interface LimitConfirmProps {
  last4: string;
  /** The available limit now. */
  current: number;
  /** The typed available limit; null keeps the dialog closed. */
  next: number | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Atual → novo before any limit change (issue 27): the operator reads both amounts and says yes, or cancels. */
export function LimitConfirm({ last4, current, next, loading, onConfirm, onClose }: LimitConfirmProps) {
  const shown = next ?? current;
  const delta = Math.round(shown * 100) - Math.round(current * 100);
  return (
    <ConfirmModal
      opened={next !== null}
      title={m.confirmTitle}
      text={m.confirmText(last4)}
      confirmLabel={m.confirm}
      cancelLabel={m.cancel}
      danger={delta < 0}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Group gap="lg" align="flex-end" wrap="wrap" aria-label={m.available} role="group">
        <div>
          <Text fz="sm" c="gray.7">
            {m.current}
          </Text>
          <Text fz="lg" data-testid="limit-current">
            {amount(current)}
          </Text>
        </div>
        <Text fz="xl" aria-hidden>
          →
        </Text>
        <div>
          <Text fz="sm" c="gray.7">
            {m.next}
          </Text>
          <Text fz="lg" fw={700} data-testid="limit-next">
            {amount(shown)}
          </Text>
        </div>
      </Group>
      {delta !== 0 ? (
        <Text fz="sm" fw={delta < 0 ? 700 : undefined} c={delta < 0 ? 'red.9' : 'gray.8'}>
          {delta < 0 ? m.cut(amount(-delta / 100)) : m.raise(amount(delta / 100))}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
