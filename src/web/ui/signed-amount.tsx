// Amounts read the way money moved (issue 27, decision 118): a purchase is money out, "− R$ 120,00"; a payment or a
// credit is money in, "+ R$ 50,00" in green; a refused or cancelled purchase moved nothing, its amount struck through
// and said so. The sign is written, not only coloured, so it reads without colour too.
import { Text } from '@mantine/core';
import { messages } from '../../contracts/messages.ts';
import { formatCurrency } from './format.ts';

export type MoneyFlow = 'out' | 'in' | 'none';

const MINUS = '\u2212';

export function signedText(value: number, coinCode: number, flow: MoneyFlow): string {
  const amount = formatCurrency(Math.abs(value), coinCode);
  if (flow === 'out') return `${MINUS} ${amount}`;
  if (flow === 'in') return `+ ${amount}`;
  return amount;
}

export function SignedAmount({ value, coinCode, flow }: { value: number; coinCode: number; flow: MoneyFlow }) {
  const text = signedText(value, coinCode, flow);
  if (flow === 'none') {
    return (
      <Text component="span" fz="inherit" c="gray.7">
        <s>{text}</s> <span style={{ display: 'inline-block', fontSize: '0.85em' }}>{messages.spend.notCharged}</span>
      </Text>
    );
  }
  return (
    <Text
      component="span"
      fz="inherit"
      fw={flow === 'in' ? 600 : undefined}
      c={flow === 'in' ? '#1e6e31' : undefined}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
    >
      {text}
    </Text>
  );
}
