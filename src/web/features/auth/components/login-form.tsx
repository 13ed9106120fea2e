import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { sessionMessages } from '../../../../contracts/session-messages.ts';
import { preloadContract } from '../../../api/index.ts';
import { paths } from '../../../app/paths.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError, STARTUP_FAILED_CODE } from '../../../lib/transport/index.ts';
import { FormAlert, IconLock, IconUser } from '../../../ui/index.ts';
import { useLogin } from '../api/login.ts';
import { usePendingFirstAccess } from '../pending-first-access.ts';

/**
 * The reason a failed sign-in shows. Wrong credentials (401) keep the spec's text, and so does a locked login:
 * the provider answers it like wrong credentials and tells the user by e-mail (decision 060). An expired temporary
 * password (403, decision 061) and too many tries (429) show the provider's or the BFF's own reason; a service that could not answer (no connection, 5xx, an unreadable
 * answer) says to wait rather than to retype.
 */
function failureMessage(error: unknown): string | null {
  if (!isApiError(error)) return sessionMessages.login.failure;
  if (error.code === STARTUP_FAILED_CODE) return null; // the start-up alert says it
  if (error.status === 0 || error.status >= 500) return sessionMessages.login.unavailable;
  if ((error.status === 403 || error.status === 429) && error.message) return error.message;
  return sessionMessages.login.failure;
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useAppStore((s) => s.signIn);
  const signInPending = useAppStore((s) => s.signInPending);
  const setPending = usePendingFirstAccess((s) => s.set);
  const mutation = useLogin();
  const [login, setLogin] = useState('');
  const [senha, setSenha] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!login.trim() || !senha) {
      setError(sessionMessages.login.required);
      return;
    }
    setError(null);
    try {
      const answer = await mutation.mutateAsync({ login, senha });
      // The remembered origin travels on to the next screen.
      const state = location.state;
      if (answer.primeiroAcesso) {
        setPending({
          login: login.trim().toLowerCase(),
          usuario: answer.usuario,
          companies: answer.companies,
          factor: answer.segundoFator === 'NENHUM' ? null : answer.segundoFator,
        });
        navigate(paths.firstAccess, { state });
        return;
      }
      // The session waits for the second factor (decision 091): its code, or its enrolment, before any company.
      if (answer.segundoFator !== 'NENHUM') {
        signInPending({ usuario: answer.usuario, login: answer.login }, answer.segundoFator);
        navigate(paths.secondFactor, { state });
        return;
      }
      signIn({ usuario: answer.usuario, login: answer.login, companies: answer.companies });
      navigate(paths.chooseCompany, { state });
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  return (
    <form onSubmit={onSubmit} onFocusCapture={() => void preloadContract()} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <FormAlert message={error} />
        <TextInput
          label={sessionMessages.login.user}
          placeholder={sessionMessages.login.userPlaceholder}
          leftSection={<IconUser size={18} aria-hidden />}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={login}
          onChange={(e) => setLogin(e.currentTarget.value)}
        />
        <PasswordInput
          label={sessionMessages.login.password}
          placeholder={sessionMessages.login.passwordPlaceholder}
          leftSection={<IconLock size={18} aria-hidden />}
          autoComplete="current-password"
          value={senha}
          onChange={(e) => setSenha(e.currentTarget.value)}
        />
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {sessionMessages.login.submit}
        </Button>
        <Anchor component={Link} to={paths.forgotPassword} ta="center" fz="sm">
          {sessionMessages.login.forgot}
        </Anchor>
      </Stack>
    </form>
  );
}
