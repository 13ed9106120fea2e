import { TextInput, type TextInputProps } from '@mantine/core';
import { formatTypedMoney, MONEY_MAX_LENGTH } from './money.ts';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The value as shown, e.g. '1.234,56'. */
  value: string;
  onChange: (value: string) => void;
}

/** Money typed as cents: every digit enters on the right, the comma stays before the last two (spec section 5). */
export function MoneyInput({ value, onChange, ...rest }: MoneyInputProps) {
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      maxLength={MONEY_MAX_LENGTH}
      leftSection={
        <span aria-hidden style={{ color: 'var(--mantine-color-gray-7)' }}>
          R$
        </span>
      }
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      value={value}
      onChange={(e) => onChange(formatTypedMoney(e.currentTarget.value))}
    />
  );
}
