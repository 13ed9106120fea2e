// Flash notifications (spec: 4 seconds, a message and a type that sets the colour).

import { notifications } from '@mantine/notifications';
import { FLASH_DURATION_MS } from '../../../contracts/index.ts';

export type NotifyType = 'success' | 'error' | 'info';

const COLORS: Record<NotifyType, string> = { success: 'teal', error: 'red', info: 'blue' };

export function notify(type: NotifyType, message: string): void {
  notifications.show({
    message,
    color: COLORS[type],
    autoClose: FLASH_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Fechar notificação' },
  });
}
