import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import { FormAlert, IconLock, Spinner } from '../../../ui/index.ts';
import { secondFactorStatusQuery } from '../api/status.ts';
import { type StepUpAnswer, useConfirmStepUp } from '../api/step-up.ts';
import type { CodeMode } from '../lib/codes.ts';
import { isWrongCode, refusalOf } from '../lib/refusal.ts';
import { codeProblem, useCodeEntry } from '../lib/use-code-entry.ts';
import { CodeField } from './code-field.tsx';

const m = messages.secondFactor.ui;

type Mode = CodeMode | 'password';

interface StepUpDialogProps {
  /** A new request starts a clean form (nothing of the last answer stays). */
  requestId: number;
  opened: boolean;
  onDone: (confirmed: boolean) => void;
}

/**
 * 'Confirme sua identidade': the code of the app (or a recovery code) for an operator with a factor, the password
 * for one without. The status is read as the dialog opens; a read that fails asks the password, which the provider
 * takes from an operator without a factor and refuses (STEP_UP_FAILED) otherwise, so the link to the code stays.
 */
export default function StepUpDialog({ requestId, opened, onDone }: StepUpDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => onDone(false)}
      title={m.stepUpTitle}
      closeButtonProps={{ 'aria-label': m.closeDialog }}
      centered
      size="sm"
      closeOnClickOutside={false}
      // Above a screen's own confirmation dialog, which stays open (loading) while the refused call waits here.
      zIndex={300}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened ? <StepUpForm key={requestId} onDone={onDone} /> : null}
    </Modal>
  );
}

function StepUpForm({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const status = useQuery({ ...secondFactorStatusQuery(), staleTime: 0 });
  const mutation = useConfirmStepUp();
  const [chosen, setChosen] = useState<Mode | null>(null);
  const entry = useCodeEntry<Mode>({ totp: '', recovery: '', password: '' });

  if (status.isPending) return <Spinner label={m.stepUpLoading} />;
  const mode: Mode = chosen ?? (status.data?.cadastrado ? 'totp' : 'password');
  const value = entry.values[mode];

  function switchTo(next: Mode) {
    setChosen(next);
    entry.switched();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = mode === 'password' ? (value ? null : m.passwordRequired) : codeProblem(mode, value);
    if (problem) return entry.refuse(problem);
    entry.clearError();
    const body: StepUpAnswer = mode === 'password' ? { senha: value } : { codigo: value };
    try {
      await mutation.mutateAsync(body);
    } catch (err) {
      const reason = refusalOf(err);
      // The session ended (too many tries): the app has gone to the login; the waiting call gives up.
      if (reason === null) return onDone(false);
      return entry.refuse(reason, isWrongCode(err) ? mode : undefined);
    }
    onDone(true);
  }

  const text = { totp: m.stepUpCodeText, recovery: m.stepUpRecoveryText, password: m.stepUpPasswordText }[mode];
  const set = (next: string) => entry.set(mode, next);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <Text fz="sm" c="gray.7">
          {messages.secondFactor.stepUpRequired} {text}
        </Text>
        <FormAlert message={entry.error} />
        {mode === 'password' ? (
          <PasswordInput
            ref={entry.field}
            label={m.passwordLabel}
            value={value}
            onChange={(e) => set(e.currentTarget.value)}
            autoComplete="current-password"
            leftSection={<IconLock size={18} aria-hidden />}
            visibilityToggleButtonProps={{ 'aria-label': m.showPassword }}
            maxLength={128}
            autoFocus
            data-autofocus
            size="md"
          />
        ) : (
          <CodeField key={mode} mode={mode} value={value} onChange={set} inputRef={entry.field} autoFocus />
        )}
        {mode !== 'password' ? (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => switchTo(mode === 'totp' ? 'recovery' : 'totp')}
          >
            {mode === 'totp' ? m.useRecovery : m.useApp}
          </Anchor>
        ) : status.isError ? (
          <Anchor component="button" type="button" fz="sm" onClick={() => switchTo('totp')}>
            {m.useApp}
          </Anchor>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(false)} disabled={mutation.isPending}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {m.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
