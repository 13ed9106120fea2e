import { Alert } from '@mantine/core';
import { platformMessages } from '../../contracts/platform-messages.ts';
import { useMemoryStore } from '../lib/store/index.ts';
import { IconAlertCircle } from './icons.ts';
import classes from './startup-alert.module.css';

/**
 * Shown, on whatever screen is open, while the key exchange or the device registration has failed (spec section 8);
 * it goes by itself once a retry succeeds (start-transport.ts). Rendered once, by the app's provider.
 */
export function StartupAlert() {
  const failed = useMemoryStore((s) => s.startup === 'failed');
  if (!failed) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />} className={classes.alert}>
      {platformMessages.startup.failure}
    </Alert>
  );
}
