import { PasswordInput } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { IconLock } from '../../../ui/index.ts';

interface NewPasswordFieldsProps {
  novaSenha: string;
  confirmarNovaSenha: string;
  onNovaSenha: (value: string) => void;
  onConfirmarNovaSenha: (value: string) => void;
}

/** The new-password pair shared by password recovery (step 3) and first access. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={messages.recoveryForm.newPassword}
        placeholder={messages.recoveryForm.newPasswordPlaceholder}
        leftSection={<IconLock size={18} aria-hidden />}
        autoComplete="new-password"
        value={props.novaSenha}
        onChange={(e) => props.onNovaSenha(e.currentTarget.value)}
      />
      <PasswordInput
        label={messages.recoveryForm.confirmPassword}
        placeholder={messages.recoveryForm.confirmPasswordPlaceholder}
        leftSection={<IconLock size={18} aria-hidden />}
        autoComplete="new-password"
        value={props.confirmarNovaSenha}
        onChange={(e) => props.onConfirmarNovaSenha(e.currentTarget.value)}
      />
    </>
  );
}
