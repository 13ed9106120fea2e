import { describe, expect, it } from 'vitest';
import { formatBRL, formatCep, formatCurrency, formatHolderCpf, holderCpf, maskedLast4 } from './format.ts';

describe('display formats', () => {
  it('pads a CPF of 10 digits or fewer with one 0 (spec section 3), then formats it', () => {
    expect(holderCpf('12345678909')).toBe('12345678909');
    expect(holderCpf('2345678909')).toBe('02345678909');
    expect(holderCpf('345678909')).toBe('0345678909');
    expect(formatHolderCpf('12345678909')).toBe('123.456.789-09');
    expect(formatHolderCpf('2345678909')).toBe('023.456.789-09');
  });

  it('money in pt-BR', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatCurrency(10, 840)).toBe('US$ 10,00');
    expect(formatCurrency(10, 978)).toBe('€ 10,00');
    expect(formatCurrency(10, 1)).toBe('R$ 10,00');
  });

  it('masks the card and formats the CEP', () => {
    expect(maskedLast4('1234')).toBe('•••• 1234');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
  });
});
