// The state both code forms keep (the sign-in's code step and the step-up dialog): what was typed in each mode (kept
// when the operator switches), the refusal shown, and the field the keyboard goes back to.
import { useRef, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import { type CodeMode, isRecoveryCode, isTotp } from './codes.ts';

const m = messages.secondFactor.ui;

/** Why a typed code cannot be sent as it is, or null. */
export const codeProblem = (mode: CodeMode, value: string): string | null =>
  mode === 'totp' ? (isTotp(value) ? null : m.codeRequired) : isRecoveryCode(value) ? null : m.recoveryRequired;

export function useCodeEntry<M extends string>(empty: Record<M, string>) {
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  return {
    values,
    error,
    field,
    set: (mode: M, next: string) => setValues((v) => ({ ...v, [mode]: next })),
    clearError: () => setError(null),
    /** A refusal: its reason shown, the mode's value cleared when it was a wrong code, the keyboard in the field. */
    refuse(reason: string, clear?: M) {
      setError(reason);
      if (clear !== undefined) setValues((v) => ({ ...v, [clear]: '' }));
      field.current?.focus();
    },
    /** After a switch of mode: the new field replaces the old one, and the keyboard goes with it. */
    switched() {
      setError(null);
      requestAnimationFrame(() => field.current?.focus());
    },
  };
}
