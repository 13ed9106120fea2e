import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages, type PortalUser } from '../../../../contracts/index.ts';
import { isStepUpCancelled } from '../../../api/index.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useDeleteUser } from '../api/delete-user.ts';

const m = messages.users;

interface DeleteUserDialogProps {
  /** The user to delete; null keeps the popup closed. */
  user: PortalUser | null;
  listKey: readonly unknown[];
  onClose: () => void;
}

/** The confirmation popup of the delete icon (spec section 2): the question, the user name and 'Confirmar'. */
export function DeleteUserDialog({ user, listKey, onClose }: DeleteUserDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useDeleteUser();

  async function confirm() {
    if (!user) return;
    try {
      await mutation.mutateAsync(user.numeroDocumento);
      await queryClient.invalidateQueries({ queryKey: listKey });
      notify('success', m.deleted);
    } catch (err) {
      // Any failure gives the spec's one alert, quirks included (spec section 8).
      // A step-up the operator cancelled deleted nothing and is no failure (decision 091).
      if (!(isApiError(err) && err.status === 401) && !isStepUpCancelled(err)) notify('error', m.deleteFailure);
    }
    onClose();
  }

  return (
    <Modal
      opened={user !== null}
      onClose={() => !mutation.isPending && onClose()}
      title={m.delete}
      closeButtonProps={{ 'aria-label': m.closeDialog }}
      centered
      size="sm"
    >
      <Text>{m.deleteQuestion}</Text>
      <Text fw={700} mt="xs">
        {user?.nomeUsuario}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={mutation.isPending} data-autofocus>
          {m.cancel}
        </Button>
        <Button color="red" onClick={confirm} loading={mutation.isPending}>
          {m.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
