// Flash notifications (spec: 4 seconds, a message and a type that sets its background).

import { notifications } from '@mantine/notifications';
import { FLASH_DURATION_MS } from '../../../contracts/constants.ts';
import { clearFailure, hasFailureHost, reportFailure } from './failure.ts';

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

export interface NotifyOptions {
  /** An error's "Tentar novamente": asks the failed call again. */
  retry?: () => unknown;
  /** What failed (a query's hash), so its later success clears the error. */
  source?: string;
}

/**
 * A success is the spec's 4-second flash, and also clears an error still on screen (what failed has now worked). An
 * error stays on screen until it is retried, closed or the screen changes (failure.ts).
 */
export function notify(type: NotifyType, message: string, options: NotifyOptions = {}): void {
  if (type === 'success') clearFailure();
  if (type === 'error' && hasFailureHost()) {
    reportFailure(message, options);
    return;
  }
  const color = NOTIFY_COLORS[type];
  notifications.show({
    message,
    color: `${color}.${NOTIFY_SHADES.border}`,
    autoClose: type === 'error' ? false : FLASH_DURATION_MS,
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
