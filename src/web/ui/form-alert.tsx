import { Alert } from '@mantine/core';
import { IconAlertCircle } from './icons.ts';

/** A form's message: a validation text or the server's reason, announced to screen readers. */
export function FormAlert({ message, color = 'red' }: { message: string | null; color?: 'red' | 'teal' }) {
  if (!message) return null;
  return (
    <Alert role="alert" color={color} variant="light" icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
