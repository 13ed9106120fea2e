import { Alert } from '@mantine/core';
import { IconAlertCircle } from '../../../ui/icons.ts';

/** A screen-level message (a permanently blocked card, a cancelled account): read, not dismissed. */
export function Notice({ children, color = 'orange' }: { children: string; color?: 'orange' | 'blue' | 'red' }) {
  return (
    <Alert color={color} variant="light" icon={<IconAlertCircle aria-hidden />} role="status">
      {children}
    </Alert>
  );
}
