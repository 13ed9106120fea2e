import { DEFAULT_THEME, luminance, MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTIFY_COLORS, NOTIFY_SHADES, type NotifyType, notify } from '../lib/notify/index.ts';
import { AppNotifications } from './notifications.tsx';
import { theme } from './theme.ts';

/** WCAG 2 contrast ratio between two colours. */
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const TYPES: NotifyType[] = ['success', 'error', 'warning', 'info'];

function renderStack() {
  render(
    <MantineProvider theme={theme} env="test">
      <AppNotifications />
    </MantineProvider>,
  );
}

describe('notifications', () => {
  it('mounts the stack on the first notification and shows it', async () => {
    renderStack();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => notify('success', 'Cartão bloqueado com sucesso.'));
    expect(await screen.findByText('Cartão bloqueado com sucesso.')).toBeTruthy();
  });

  it('the type sets the background: four different ones, the text on each above 4.5:1', async () => {
    renderStack();
    act(() => {
      for (const type of TYPES) notify(type, `aviso ${type}`);
    });
    const backgrounds: string[] = [];
    for (const type of TYPES) {
      const root = (await screen.findByText(`aviso ${type}`)).closest('.mantine-Notification-root') as HTMLElement;
      const color = NOTIFY_COLORS[type];
      expect(root.style.backgroundColor).toBe(`var(--mantine-color-${color}-${NOTIFY_SHADES.background})`);
      backgrounds.push(root.style.backgroundColor);
      const background = DEFAULT_THEME.colors[color][NOTIFY_SHADES.background];
      expect(contrast(background, DEFAULT_THEME.colors.gray[9])).toBeGreaterThan(4.5);
    }
    expect(new Set(backgrounds).size).toBe(TYPES.length);
  });
});
