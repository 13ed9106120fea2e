import { Button, Grid, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages, type PortalUser, USER_STATUS } from '../../../../contracts/index.ts';
import { isStepUpCancelled } from '../../../api/index.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert, Spinner } from '../../../ui/index.ts';
import { useFormValues } from '../../../ui/use-form-values.ts';
import { useUpdateUser, useUpdateUserStatus } from '../api/update-user.ts';
import { CODE_DIGITS, hyphenate } from '../lib/format.ts';
import { planSave, profileOfUser } from '../lib/save-plan.ts';
import { type EditUserValues, editUserError, editUserToWire } from '../lib/user-forms.ts';
import { MobileFields } from './mobile-fields.tsx';
import { ProfileSelect } from './profile-select.tsx';

const m = messages.users;

/** The server's reason for a refusal the operator can act on (their own status, another company's user). */
function reasonOf(error: unknown): string | null {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : null;
}

interface UserEditFormProps {
  user: PortalUser;
  /** The signed-in operator's own row: its profile cannot change (issue 16). */
  own?: boolean;
  /** The list's query key, reloaded after a save. */
  listKey: readonly unknown[];
  onClose: () => void;
}

/** Inline edit of a user: name, e-mail, DDI, DDD, mobile and status; the status is sent first. */
export function UserEditForm({ user, own = false, listKey, onClose }: UserEditFormProps) {
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const updateStatus = useUpdateUserStatus();
  const first = useRef<HTMLInputElement>(null);
  const { values, set, bind } = useFormValues<EditUserValues>({
    nomeUsuario: user.nomeUsuario,
    email: user.email,
    // As stored: the 2-digit limit is for what the operator types, a stored value is never cut.
    ddi: String(user.ddi),
    ddd: String(user.ddd),
    mobile: hyphenate(user.numCelular),
    status: user.status,
    profile: profileOfUser(user),
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => first.current?.focus(), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = editUserError(values);
    setError(invalid);
    if (invalid) return;
    const plan = planSave(user, { ...editUserToWire(values), status: values.status, profile: values.profile });
    if (!plan.status && !plan.fields) return onClose();

    setSaving(true);
    const documentNumber = user.numeroDocumento;
    try {
      if (plan.status) await updateStatus.mutateAsync({ documentNumber, status: plan.status });
      if (plan.fields) await updateUser.mutateAsync({ documentNumber, body: plan.fields });
    } catch (err) {
      // A status already changed before the field update failed shows in the reloaded list.
      await queryClient.invalidateQueries({ queryKey: listKey });
      setSaving(false);
      if (isApiError(err) && err.status === 401) return; // the session ended and said so
      // A step-up the operator cancelled changed nothing: its calm reason, no failure flash (decision 091).
      if (isStepUpCancelled(err)) return setError(err.message);
      setError(reasonOf(err) ?? m.updateFailure);
      notify('error', m.updateFailure);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: listKey });
    notify('success', plan.fields ? m.updated : m.statusUpdated);
    onClose();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={saving} aria-label={`${m.editing} ${user.nomeUsuario}`}>
      <Stack gap="sm" py="xs">
        <Text fw={600} fz="sm">
          {m.editing} {user.nomeUsuario}
        </Text>
        <FormAlert message={error} />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput ref={first} label={m.name} {...bind('nomeUsuario')} maxLength={60} withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={m.email} type="email" {...bind('email')} maxLength={60} withAsterisk />
          </Grid.Col>
          <MobileFields values={values} set={set} codeDigits={CODE_DIGITS.edit} mobileSpan={{ base: 6, sm: 4 }} />
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect label={m.status} data={[...USER_STATUS]} {...bind('status')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <ProfileSelect {...bind('profile')} lockedReason={own ? messages.profiles.ownProfile : undefined} />
          </Grid.Col>
        </Grid>
        {saving ? (
          <Spinner size="sm" label={m.saving} />
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} w={{ base: '100%', xs: 'auto' }}>
              {m.cancel}
            </Button>
            <Button type="submit" w={{ base: '100%', xs: 'auto' }}>
              {m.save}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
