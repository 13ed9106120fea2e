// The one money field: typed as cents (spec section 5), the format said under the label, and the amount read back
// in full as it is typed, so "3000" cannot be taken for three thousand reais.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { theme } from '../app/theme.ts';
import { MoneyInput } from './money-input.tsx';

function Field({ description }: { description?: string }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider theme={theme} env="test">
      <MoneyInput label="Limite" description={description} value={value} onChange={setValue} />
    </MantineProvider>
  );
}

describe('MoneyInput', () => {
  it('says how it is typed, and reads the typed amount back in reais as it is typed', () => {
    render(<Field />);
    const input = screen.getByLabelText('Limite') as HTMLInputElement;
    const reading = screen.getByTestId('money-reading');
    expect(reading.textContent).toBe('');
    expect(screen.getByText(messages.money.hint)).toBeTruthy();
    // The hint is the field's description: a screen reader hears it with the label.
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(
      describedBy.split(' ').some((id) => document.getElementById(id)?.textContent?.includes(messages.money.hint)),
    ).toBe(true);
    fireEvent.change(input, { target: { value: '3000' } });
    expect(input.value).toBe('30,00');
    expect(reading.textContent).toBe(messages.money.reading('R$\u00a030,00'));
    expect(reading.getAttribute('aria-live')).toBe('polite');
    fireEvent.change(input, { target: { value: '30,000' } });
    expect(input.value).toBe('300,00');
    fireEvent.change(input, { target: { value: '300.000,000' } });
    expect(input.value).toBe('3.000.000,00');
    expect(reading.textContent).toBe(messages.money.reading('R$\u00a03.000.000,00'));
    fireEvent.change(input, { target: { value: '' } });
    expect(reading.textContent).toBe('');
  });

  it('keeps a screen’s own description above the shared hint', () => {
    render(<Field description="Passa a ser o limite disponível." />);
    expect(screen.getByText('Passa a ser o limite disponível.')).toBeTruthy();
    expect(screen.getByText(messages.money.hint)).toBeTruthy();
  });
});
