import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/notify/index.ts';
import { AppNotifications } from './notifications.tsx';
import { theme } from './theme.ts';

describe('notifications', () => {
  it('mounts the stack on the first notification and shows it', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <AppNotifications />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => notify('success', 'Cartão bloqueado com sucesso.'));
    expect(await screen.findByText('Cartão bloqueado com sucesso.')).toBeTruthy();
  });
});
