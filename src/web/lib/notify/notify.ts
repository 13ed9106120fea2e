// Flash notifications (spec: 4 seconds, a message and a type that sets its background).

import { notifications } from '@mantine/notifications';
import { FLASH_DURATION_MS } from '../../../contracts/index.ts';

export type NotifyType = 'success' | 'error' | 'warning' | 'info';

/**
 * Each type's palette colour: its shade 1 is the background, shade 7 the border and accent bar, and the text is
 * gray 9 on every one of them (above 11:1, WCAG AA asks 4.5:1). Light tints rather than filled colours: the four
 * stay told apart at a glance without a red block shouting over a calm screen.
 */
export const NOTIFY_COLORS: Record<NotifyType, 'teal' | 'red' | 'yellow' | 'blue'> = {
  success: 'teal',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};
export const NOTIFY_SHADES = { background: 1, border: 7 } as const;
export const NOTIFY_TEXT = 'var(--mantine-color-gray-9)';

export function notify(type: NotifyType, message: string): void {
  const color = NOTIFY_COLORS[type];
  notifications.show({
    message,
    color: `${color}.${NOTIFY_SHADES.border}`,
    autoClose: FLASH_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Fechar notificação' },
    styles: {
      root: {
        backgroundColor: `var(--mantine-color-${color}-${NOTIFY_SHADES.background})`,
        borderColor: `var(--mantine-color-${color}-${NOTIFY_SHADES.border})`,
      },
      description: { color: NOTIFY_TEXT },
      closeButton: { color: NOTIFY_TEXT },
    },
  });
}
