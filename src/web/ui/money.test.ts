import { describe, expect, it } from 'vitest';
import { formatTypedMoney, moneyToTyped, parseTypedMoney } from './money.ts';

describe('typed money (comma before the last two digits)', () => {
  it('formats what is typed as cents, digit by digit', () => {
    const steps = ['1', '12', '123', '1234', '12345', '123456'].map(formatTypedMoney);
    expect(steps).toEqual(['0,01', '0,12', '1,23', '12,34', '123,45', '1.234,56']);
  });

  it('ignores non-digits and leading zeros, and re-formats an already formatted value plus a digit', () => {
    expect(formatTypedMoney('R$ 1.234,567')).toBe('12.345,67');
    expect(formatTypedMoney('0,05')).toBe('0,05');
    expect(formatTypedMoney('0005')).toBe('0,05');
    expect(formatTypedMoney('1.234,5')).toBe('123,45'); // a digit erased
    expect(formatTypedMoney('')).toBe('');
    expect(formatTypedMoney('abc')).toBe('');
    expect(formatTypedMoney('0,00')).toBe('');
  });

  it('keeps at most eleven digits (999.999.999,99 fits the 15-character field)', () => {
    expect(formatTypedMoney('99999999999')).toBe('999.999.999,99');
    expect(formatTypedMoney('999999999999')).toBe('999.999.999,99');
  });

  it('parses back to a number, and shows a number in the typed format', () => {
    expect(parseTypedMoney('1.234,56')).toBe(1234.56);
    expect(parseTypedMoney('0,05')).toBe(0.05);
    expect(parseTypedMoney('')).toBeNull();
    expect(moneyToTyped(2500)).toBe('2.500,00');
    expect(moneyToTyped(0.1)).toBe('0,10');
  });
});
