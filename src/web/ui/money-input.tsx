import { Text, TextInput, type TextInputProps } from '@mantine/core';
// Not through the contracts' index: that would bring zod to every screen with a money field.
import { commonMessages } from '../../contracts/common-messages.ts';
import { formatBRL } from './format.ts';
import { formatTypedMoney, MONEY_MAX_LENGTH, parseTypedMoney } from './money.ts';

const m = commonMessages.money;

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The value as shown, e.g. '1.234,56'. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * Every money field of the app: typed as cents, every digit enters on the right and the comma stays before the last
 * two (spec section 5). Because "3000" is R$ 30,00 there, the field says so under its label and reads the amount
 * back in full as it is typed, so what was typed cannot be misread (issue 27).
 */
export function MoneyInput({ value, onChange, description, ...rest }: MoneyInputProps) {
  const amount = parseTypedMoney(value);
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
      description={
        <>
          {description ? <span style={{ display: 'block' }}>{description}</span> : null}
          {m.hint}
        </>
      }
      // The hint under the box (as the cards search's): a money box then lines up with the boxes beside it, whose
      // labels have no hint, in every grid of fields (issue 27's screenshots: Origem beside Valor mínimo).
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      styles={{ description: { color: 'var(--mantine-color-gray-7)', marginTop: 4 } }}
      inputContainer={(input) => (
        <>
          {input}
          <Text fz="sm" c="gray.8" mt={4} aria-live="polite" data-testid="money-reading">
            {amount === null ? '' : m.reading(formatBRL(amount).replace(' ', '\u00a0'))}
          </Text>
        </>
      )}
      value={value}
      onChange={(e) => onChange(formatTypedMoney(e.currentTarget.value))}
    />
  );
}
