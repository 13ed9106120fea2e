import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import { type CodeMode, tidyRecovery, tidyTotp } from '../lib/codes.ts';
import classes from './code-field.module.css';

const m = messages.secondFactor.ui;

interface CodeFieldProps {
  mode: CodeMode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The hint under the field; the mode's own when not given. */
  description?: string;
}

/**
 * The code of the authenticator app (numeric keyboard, the browser's one-time-code fill) or a recovery code
 * (capitals, the dash put in as typed). No maxLength: a pasted "123 456" is tidied, not cut.
 */
export function CodeField({ mode, value, onChange, error, autoFocus, inputRef, description }: CodeFieldProps) {
  const totp = mode === 'totp';
  return (
    <TextInput
      ref={inputRef}
      label={totp ? m.codeLabel : m.recoveryLabel}
      description={description ?? (totp ? m.codeHint : m.recoveryHint)}
      placeholder={totp ? '000000' : m.recoveryPlaceholder}
      value={value}
      onChange={(e) => onChange(totp ? tidyTotp(e.currentTarget.value) : tidyRecovery(e.currentTarget.value))}
      error={error || undefined}
      aria-invalid={error ? true : undefined}
      inputMode={totp ? 'numeric' : 'text'}
      autoComplete={totp ? 'one-time-code' : 'off'}
      autoCapitalize={totp ? 'off' : 'characters'}
      autoCorrect="off"
      spellCheck={false}
      // The screen or dialog exists for this one field: the keyboard starts there.
      autoFocus={autoFocus}
      // Inside a dialog the focus trap looks for this mark rather than at autoFocus.
      data-autofocus={autoFocus || undefined}
      size="md"
      classNames={{ input: classes.code }}
      // Mantine's dimmed hint is 3.3:1 on white; gray 7 keeps it readable (WCAG AA asks 4.5:1).
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}
