import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import type { SessionResponse } from '../../../../contracts/schemas.ts';
import { FormAlert } from '../../../ui/index.ts';
import { useVerifySecondFactor } from '../api/verify.ts';
import { type CodeMode, isRecoveryCode, isTotp } from '../lib/codes.ts';
import { isWrongCode, refusalOf } from '../lib/refusal.ts';
import { CodeField } from './code-field.tsx';

const m = messages.secondFactor.ui;

export type VerifiedSession = SessionResponse;

interface VerifyFormProps {
  onVerified: (session: VerifiedSession) => void;
  onBack: () => void;
}

/**
 * 'Verificação em duas etapas': the app's 6 digits, or a recovery code behind a link. Each mode keeps what was
 * typed in it when the operator switches; only a wrong code is cleared.
 */
export function VerifyForm({ onVerified, onBack }: VerifyFormProps) {
  const mutation = useVerifySecondFactor();
  const [mode, setMode] = useState<CodeMode>('totp');
  const [codes, setCodes] = useState<Record<CodeMode, string>>({ totp: '', recovery: '' });
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const code = codes[mode];

  function switchTo(next: CodeMode) {
    setMode(next);
    setError(null);
    // The new field replaces the old one; the keyboard goes with it.
    requestAnimationFrame(() => field.current?.focus());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const valid = mode === 'totp' ? isTotp(code) : isRecoveryCode(code);
    if (!valid) {
      setError(mode === 'totp' ? m.codeRequired : m.recoveryRequired);
      field.current?.focus();
      return;
    }
    setError(null);
    try {
      onVerified(await mutation.mutateAsync(code));
    } catch (err) {
      const reason = refusalOf(err);
      if (reason === null) return;
      setError(reason);
      if (isWrongCode(err)) setCodes((c) => ({ ...c, [mode]: '' }));
      field.current?.focus();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <Text c="gray.7" fz="sm">
          {mode === 'totp' ? m.verifySubtitle : m.recoverySubtitle}
        </Text>
        <FormAlert message={error} />
        <CodeField
          key={mode}
          mode={mode}
          value={code}
          onChange={(value) => setCodes((c) => ({ ...c, [mode]: value }))}
          autoFocus
          inputRef={field}
        />
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {m.verify}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => switchTo(mode === 'totp' ? 'recovery' : 'totp')}
          >
            {mode === 'totp' ? m.useRecovery : m.useApp}
          </Anchor>
          <Button variant="subtle" color="gray.8" size="compact-sm" onClick={onBack} disabled={mutation.isPending}>
            {m.back}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
