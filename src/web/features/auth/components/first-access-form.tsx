import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { messages, newPassword } from '../../../../contracts/index.ts';
import { paths } from '../../../app/paths.ts';
import { notify } from '../../../lib/notify/index.ts';
import { type PendingFactor, selectIsSignedIn, useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert, IconUser } from '../../../ui/index.ts';
import { useFirstAccess } from '../api/first-access.ts';
import { getSession } from '../api/session.ts';
import { usePendingFirstAccess } from '../pending-first-access.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** The factor step the session waits for once the password is set; the login's answer if it cannot be read. */
async function factorStepAfterFirstAccess(fromLogin: PendingFactor | null): Promise<PendingFactor | null> {
  try {
    const session = await getSession();
    return session.segundoFator === 'NENHUM' ? null : session.segundoFator;
  } catch {
    return fromLogin;
  }
}

/** Sets the password of a first access with the temporary token, then opens the session. */
export function FirstAccessForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = usePendingFirstAccess((s) => s.pending);
  const clearPending = usePendingFirstAccess((s) => s.set);
  const signIn = useAppStore((s) => s.signIn);
  const signInPending = useAppStore((s) => s.signInPending);
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
      // A second factor due now (decision 091) comes before the companies: the session says whether it is.
      const factor = await factorStepAfterFirstAccess(current.factor ?? null);
      if (factor) signInPending({ usuario: current.usuario, login: current.login }, factor);
      else signIn({ usuario: current.usuario, login: current.login, companies: current.companies });
      clearPending(null);
      notify('success', messages.firstAccess.success);
      navigate(factor ? paths.secondFactor : paths.chooseCompany, { replace: true, state: location.state });
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
