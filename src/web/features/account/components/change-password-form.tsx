import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { ErrorCode } from '../../../../contracts/errors.ts';
import { messages } from '../../../../contracts/index.ts';
import type { FieldErrors } from '../../../lib/form-model.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert, IconLock } from '../../../ui/index.ts';
import { useChangePassword } from '../api/change-password.ts';
import classes from './change-password-form.module.css';
import { changePasswordErrors, FIELDS, type Field, type Values } from './change-password-model.ts';
import { IconCircleCheck } from './icons.ts';

const m = messages.passwordChange;

type Errors = FieldErrors<Field>;

const EMPTY: Values = { senhaAtual: '', novaSenha: '', confirmarNovaSenha: '' };
/** The password rule's own limit: longer input could never be sent. */
const MAX_LENGTH = 128;

/** The field a provider refusal concerns, so its reason shows where the operator has to type again. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, Field>> = {
  WRONG_CURRENT_PASSWORD: 'senhaAtual',
  SAME_PASSWORD: 'novaSenha',
  PASSWORDS_DIFFER: 'confirmarNovaSenha',
};

/** 'Alterar senha': the current password, then the new one twice; other sessions end on success (decision 074). */
export function ChangePasswordForm() {
  const mutation = useChangePassword();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  /** Shows the errors and takes the keyboard to the first field that has one. */
  function showErrors(next: Errors) {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) inputs.current[first]?.focus();
  }

  function edit(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setChanged(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setChanged(false);
    const invalid = changePasswordErrors(values);
    if (Object.keys(invalid).length > 0) return showErrors(invalid);
    setErrors({});
    try {
      await mutation.mutateAsync(values);
    } catch (err) {
      if (!isApiError(err)) return setFormError(messages.recovery.changeFailure);
      if (err.status === 401) return; // the session ended, and the app already said so
      const field = err.code ? FIELD_OF_CODE[err.code] : undefined;
      if (field) return showErrors({ [field]: err.message });
      // What was typed stays, so trying again is one click.
      setFormError(err.message || messages.recovery.changeFailure);
      return;
    }
    setValues(EMPTY);
    setChanged(true);
    notify('success', m.success);
  }

  // Mantine's PasswordInput ties the hint and the error to its input (aria-describedby) but leaves aria-invalid off.
  const field = (name: Field, hint?: string) => ({
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(name, e.currentTarget.value),
    error: errors[name],
    description: hint,
    'aria-invalid': errors[name] ? true : undefined,
    maxLength: MAX_LENGTH,
    leftSection: <IconLock size={18} aria-hidden />,
    visibilityToggleButtonProps: { 'aria-label': m.showPassword },
    // Mantine's dimmed hint is 3.3:1 on white; gray 7 keeps the rule readable (WCAG AA asks 4.5:1).
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    classNames: { input: classes.box },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending} className={classes.form}>
      <Stack gap="md">
        <FormAlert message={formError} />
        {changed ? (
          <Alert role="status" color="teal" variant="light" title={m.success} icon={<IconCircleCheck aria-hidden />}>
            {m.successDetail}
          </Alert>
        ) : null}
        <PasswordInput
          label={m.currentPassword}
          placeholder={m.currentPasswordPlaceholder}
          autoComplete="current-password"
          {...field('senhaAtual')}
        />
        <PasswordInput
          label={messages.recoveryForm.newPassword}
          placeholder={messages.recoveryForm.newPasswordPlaceholder}
          autoComplete="new-password"
          {...field('novaSenha', m.newPasswordHint)}
        />
        <PasswordInput
          label={messages.recoveryForm.confirmPassword}
          placeholder={messages.recoveryForm.confirmPasswordPlaceholder}
          autoComplete="new-password"
          {...field('confirmarNovaSenha')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={mutation.isPending} w={{ base: '100%', xs: 'auto' }}>
            {m.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
