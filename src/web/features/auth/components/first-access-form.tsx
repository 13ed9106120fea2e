import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { messages, newPassword } from '../../../../contracts/index.ts';
import { paths } from '../../../app/paths.ts';
import { notify } from '../../../lib/notify/index.ts';
import { selectIsSignedIn, useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert, IconUser } from '../../../ui/index.ts';
import { useFirstAccess } from '../api/first-access.ts';
import { usePendingFirstAccess } from '../pending-first-access.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Sets the password of a first access with the temporary token, then opens the session. */
export function FirstAccessForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = usePendingFirstAccess((s) => s.pending);
  const clearPending = usePendingFirstAccess((s) => s.set);
  const signIn = useAppStore((s) => s.signIn);
  const signedIn = useAppStore(selectIsSignedIn);
  const mutation = useFirstAccess();
  const [novaSenha, setNovaSenha] = useState('');
  const [confirmarNovaSenha, setConfirmarNovaSenha] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Only reachable right after a login that asked for it (kept in memory). Once the password is
  // set the session is open and the pending state cleared: that render must go on, not back to the login.
  if (!pending) {
    return <Navigate to={signedIn ? paths.chooseCompany : paths.login} replace state={location.state} />;
  }
  const current = pending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!novaSenha || !confirmarNovaSenha) return setError(messages.recovery.passwordsRequired);
    if (novaSenha !== confirmarNovaSenha) return setError(messages.recovery.passwordsDiffer);
    const strength = newPassword.safeParse(novaSenha);
    if (!strength.success) return setError(strength.error.issues[0]?.message ?? messages.firstAccessForm.failure);
    setError(null);
    try {
      await mutation.mutateAsync({ login: current.login, novaSenha, confirmarNovaSenha });
      signIn({ usuario: current.usuario, companies: current.companies });
      clearPending(null);
      notify('success', messages.firstAccess.success);
      navigate(paths.chooseCompany, { replace: true, state: location.state });
    } catch (err) {
      setError(isApiError(err) && err.status >= 400 && err.message ? err.message : messages.firstAccessForm.failure);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <FormAlert message={error} />
        <TextInput
          label={messages.login.user}
          leftSection={<IconUser size={18} aria-hidden />}
          value={current.login}
          readOnly
          autoComplete="username"
        />
        <NewPasswordFields
          novaSenha={novaSenha}
          confirmarNovaSenha={confirmarNovaSenha}
          onNovaSenha={setNovaSenha}
          onConfirmarNovaSenha={setConfirmarNovaSenha}
        />
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {messages.recovery.confirm}
        </Button>
      </Stack>
    </form>
  );
}
