import { Alert } from '@mantine/core';
import { messages } from '../../contracts/index.ts';
import { useMemoryStore } from '../lib/store/index.ts';
import { IconAlertCircle } from './icons.ts';

/** Shown while the key exchange or the device registration has failed (spec section 8). */
export function StartupAlert() {
  const failed = useMemoryStore((s) => s.startup === 'failed');
  if (!failed) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />} mb="md">
      {messages.startup.failure}
    </Alert>
  );
}
