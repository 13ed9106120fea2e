import { Button, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { Spinner } from './spinner.tsx';

const turn = (el: Element | null) => (el as HTMLElement | null)?.style.animationDuration;

describe('spinner', () => {
  it('turns once a second (spec section 9), on screens and inside a loading button', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Spinner label="Carregando usuários" />
        <Button loading>Salvar</Button>
      </MantineProvider>,
    );
    const status = screen.getByRole('status', { name: 'Carregando usuários' });
    expect(turn(status.querySelector('.mantine-Loader-root'))).toBe('1000ms');
    const loaders = document.querySelectorAll('.mantine-Loader-root');
    expect(loaders).toHaveLength(2);
    expect([...loaders].map(turn)).toEqual(['1000ms', '1000ms']);
  });
});
