import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages, type PortalUser } from '../../../../contracts/index.ts';
import { isStepUpCancelled } from '../../../api/index.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useResetSecondFactor } from '../api/reset-second-factor.ts';

const m = messages.secondFactor.ui;

interface ResetFactorDialogProps {
  /** The user whose factor to reset; null keeps the dialog closed. */
  user: PortalUser | null;
  cnpj: string;
  listKey: readonly unknown[];
  onClose: () => void;
}

/** 'Redefinir segundo fator': what the user loses and must do, then the reset and the list read again. */
export function ResetFactorDialog({ user, cnpj, listKey, onClose }: ResetFactorDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useResetSecondFactor();

  async function confirm() {
    if (!user) return;
    try {
      const answer = await mutation.mutateAsync({ cnpj, documentNumber: user.numeroDocumento });
      await queryClient.invalidateQueries({ queryKey: listKey });
      notify('success', answer.message);
    } catch (err) {
      // Signed out (401) or a step-up the operator cancelled: nothing to say, nothing was changed.
      if (!(isApiError(err) && err.status === 401) && !isStepUpCancelled(err)) {
        notify('error', isApiError(err) && err.status < 500 && err.message ? err.message : m.resetFailed);
      }
    }
    onClose();
  }

  return (
    <Modal
      opened={user !== null}
      onClose={() => !mutation.isPending && onClose()}
      title={m.reset}
      closeButtonProps={{ 'aria-label': messages.users.closeDialog }}
      centered
      size="sm"
    >
      <Text fw={700}>{user?.nomeUsuario}</Text>
      <Text mt="xs">{m.resetText}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={mutation.isPending} data-autofocus>
          {messages.users.cancel}
        </Button>
        <Button color="red.9" onClick={confirm} loading={mutation.isPending}>
          {m.resetConfirm}
        </Button>
      </Group>
    </Modal>
  );
}
