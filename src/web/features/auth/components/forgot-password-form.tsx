import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages, newPassword } from '../../../../contracts/index.ts';
import { paths } from '../../../app/paths.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert, IconKey, IconUser } from '../../../ui/index.ts';
import { useRecoverPassword } from '../api/recover-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type Step = 1 | 2 | 3;

const STEP_HINT: Record<Step, string> = {
  1: messages.recoveryForm.stepUser,
  2: messages.recoveryForm.stepCode,
  3: messages.recoveryForm.stepPassword,
};

const STEP_FAILURE: Record<Step, string> = {
  1: messages.recovery.userNotFound,
  2: messages.recovery.invalidCode,
  3: messages.recovery.changeFailure,
};

/**
 * What a failed step says. The spec's texts are for what the operator typed (an unknown user, a wrong code); a
 * service that could not send the code (mail or provider down) or the hourly limit of codes say to wait instead.
 */
function stepFailure(step: Step, error: unknown): string {
  if (step === 1 && isApiError(error)) {
    if (error.status === 0 || error.status >= 500) return messages.recovery.sendFailure;
    if (error.status === 429) return error.code === 'TOO_MANY_CODES' ? messages.recovery.tooManyCodes : error.message;
  }
  return STEP_FAILURE[step];
}

/** Three steps, one CONFIRMAR button (spec section 4, "Password recovery"). */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const mutation = useRecoverPassword();
  const [step, setStep] = useState<Step>(1);
  const [login, setLogin] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [novaSenha, setNovaSenha] = useState('');
  const [confirmarNovaSenha, setConfirmarNovaSenha] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** The body of the current step, or the validation text that stops it. */
  function bodyOrError() {
    const user = login.trim().toLowerCase();
    if (step === 1) return user ? { body: { login: user } } : { error: messages.recovery.userRequired };
    const code = confirmacao.trim();
    if (!user || !code) return { error: messages.recovery.codeRequired };
    if (step === 2) return { body: { login: user, confirmacao: code } };
    if (!novaSenha || !confirmarNovaSenha) return { error: messages.recovery.passwordsRequired };
    if (novaSenha !== confirmarNovaSenha) return { error: messages.recovery.passwordsDiffer };
    const strength = newPassword.safeParse(novaSenha);
    if (!strength.success) return { error: strength.error.issues[0]?.message ?? messages.recovery.changeFailure };
    return { body: { login: user, confirmacao: code, novaSenha, confirmarNovaSenha } };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = bodyOrError();
    if (!next.body) {
      setError(next.error ?? null);
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync(next.body);
    } catch (err) {
      setError(stepFailure(step, err));
      return;
    }
    if (step === 3) {
      notify('success', messages.recovery.changeSuccess);
      navigate(paths.login, { replace: true });
      return;
    }
    setStep(step === 1 ? 2 : 3);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <Text fz="sm" aria-live="polite">
          {STEP_HINT[step]}
        </Text>
        <FormAlert message={error} />
        <TextInput
          label={messages.login.user}
          placeholder={messages.login.userPlaceholder}
          leftSection={<IconUser size={18} aria-hidden />}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={login}
          onChange={(e) => setLogin(e.currentTarget.value)}
        />
        {step >= 2 ? (
          <TextInput
            label={messages.recoveryForm.code}
            placeholder={messages.recoveryForm.codePlaceholder}
            leftSection={<IconKey size={18} aria-hidden />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={confirmacao}
            onChange={(e) => setConfirmacao(e.currentTarget.value)}
          />
        ) : null}
        {step === 3 ? (
          <NewPasswordFields
            novaSenha={novaSenha}
            confirmarNovaSenha={confirmarNovaSenha}
            onNovaSenha={setNovaSenha}
            onConfirmarNovaSenha={setConfirmarNovaSenha}
          />
        ) : null}
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {messages.recovery.confirm}
        </Button>
        <Anchor component={Link} to={paths.login} ta="center" fz="sm">
          {messages.recoveryForm.backToLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
