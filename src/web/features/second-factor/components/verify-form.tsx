import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import type { SessionResponse } from '../../../../contracts/schemas.ts';
import { FormAlert } from '../../../ui/index.ts';
import { useVerifySecondFactor } from '../api/verify.ts';
import type { CodeMode } from '../lib/codes.ts';
import { isWrongCode, refusalOf } from '../lib/refusal.ts';
import { codeProblem, useCodeEntry } from '../lib/use-code-entry.ts';
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
  const entry = useCodeEntry<CodeMode>({ totp: '', recovery: '' });
  const code = entry.values[mode];

  function switchTo(next: CodeMode) {
    setMode(next);
    entry.switched();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(mode, code);
    if (problem) return entry.refuse(problem);
    entry.clearError();
    try {
      onVerified(await mutation.mutateAsync(code));
    } catch (err) {
      const reason = refusalOf(err);
      if (reason === null) return;
      entry.refuse(reason, isWrongCode(err) ? mode : undefined);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <Text c="gray.7" fz="sm">
          {mode === 'totp' ? m.verifySubtitle : m.recoverySubtitle}
        </Text>
        <FormAlert message={entry.error} />
        <CodeField
          key={mode}
          mode={mode}
          value={code}
          onChange={(value) => entry.set(mode, value)}
          autoFocus
          inputRef={entry.field}
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
