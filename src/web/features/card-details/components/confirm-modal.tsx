import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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
  /** What the action changes (the impact preview, decision 082), between the question and the buttons. */
  children?: ReactNode;
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
  children,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={children ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md" mb="xs">
        <Text>{text}</Text>
        {children}
      </Stack>
      {/* Kept in sight when a long preview scrolls the dialog (360 px): the answer is always one tap away. */}
      <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} pt="sm" bg="var(--mantine-color-body)">
        {/* The safe answer has the focus: Enter on an opened dialog never confirms by accident. */}
        <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
