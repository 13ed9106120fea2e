import { Button, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { Spinner } from './spinner.tsx';

// What turns is the oval's ::after, which jsdom does not compute: tests/e2e/spinner.spec.ts reads its animation in
// Chromium. Here: every loader, on a screen and inside a loading button, carries the theme's turn.
const turn = (el: Element) => (el as HTMLElement).style.getPropertyValue('--spinner-turn');

describe('spinner', () => {
  it('every loader, on screens and inside a loading button, carries the theme’s one-second turn', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Spinner label="Carregando usuários" />
        <Button loading>Salvar</Button>
      </MantineProvider>,
    );
    expect(
      screen.getByRole('status', { name: 'Carregando usuários' }).querySelector('.mantine-Loader-root'),
    ).toBeTruthy();
    const loaders = [...document.querySelectorAll('.mantine-Loader-root')];
    expect(loaders.map(turn)).toEqual(['1000ms', '1000ms']);
  });
});
