import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  danger?: boolean;
}

/** The confirmation before a destructive or state-changing action. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel = messages.cardDetails.confirm,
  cancelLabel = messages.cardDetails.back,
  loading,
  onConfirm,
  onClose,
  danger,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Text mb="lg">{text}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
