import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../contracts/index.ts';
import { paths } from '../../../app/paths.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert } from '../../../ui/index.ts';
import { useFormValues } from '../../../ui/use-form-values.ts';
import { useCreateUser } from '../api/create-user.ts';
import { CODE_DIGITS, MASKS } from '../lib/format.ts';
import { type CreateUserValues, createUserError, createUserToWire, EMPTY_CREATE } from '../lib/user-forms.ts';
import { MaskedField } from './masked-field.tsx';
import { MobileFields } from './mobile-fields.tsx';
import { ProfileSelect } from './profile-select.tsx';

const m = messages.users;

/** The server's mensagemRetorno, when the refusal carries one (spec section 8). */
function reasonOf(error: unknown): string {
  if (!isApiError(error)) return m.createFailure;
  const body = error.body as { mensagemRetorno?: unknown } | undefined;
  if (typeof body?.mensagemRetorno === 'string' && body.mensagemRetorno) return body.mensagemRetorno;
  return error.message || m.createFailure;
}

/** 'Criar Usuário': the new user joins the chosen company and is mailed a temporary password. */
export function CreateUserForm({ cnpj }: { cnpj: string }) {
  const navigate = useNavigate();
  const mutation = useCreateUser();
  const { values, set, bind } = useFormValues<CreateUserValues>(EMPTY_CREATE);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = createUserError(values);
    setError(invalid);
    if (invalid) return;
    try {
      await mutation.mutateAsync({ cnpj, body: createUserToWire(values) });
    } catch (err) {
      if (isApiError(err) && err.status === 401) return; // the session ended and said so
      setError(reasonOf(err));
      return;
    }
    notify('success', m.created);
    navigate(paths.manageUsers);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <FormAlert message={error} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MaskedField
              label={m.document}
              placeholder={m.documentPlaceholder}
              mask={MASKS.document}
              value={values.document}
              onChange={set('document')}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={m.login}
              placeholder={m.loginPlaceholder}
              {...bind('login')}
              maxLength={60}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={m.name} {...bind('name')} maxLength={60} autoComplete="off" withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={m.email}
              placeholder={m.emailPlaceholder}
              type="email"
              {...bind('email')}
              maxLength={60}
              autoComplete="off"
              withAsterisk
            />
          </Grid.Col>
          <MobileFields values={values} set={set} codeDigits={CODE_DIGITS.create} mobileSpan={{ base: 6, sm: 8 }} />
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ProfileSelect {...bind('profile')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={mutation.isPending} w={{ base: '100%', xs: 'auto' }}>
            {m.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
