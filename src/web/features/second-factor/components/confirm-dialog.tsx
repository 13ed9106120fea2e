import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '../../../../contracts/messages.ts';

const m = messages.secondFactor.ui;

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action that cannot be taken back; 'Cancelar' has the focus, so Enter does no harm. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  danger,
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !loading && onClose()}
      title={title}
      closeButtonProps={{ 'aria-label': m.closeDialog }}
      centered
      size="sm"
      styles={{ title: { fontWeight: 600 } }}
    >
      <Text>{text}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
          {m.cancel}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
