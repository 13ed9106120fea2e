import { TextInput, type TextInputProps } from '@mantine/core';
import { onlyDigits } from '../../../../contracts/index.ts';

interface CodeFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'maxLength'> {
  value: string;
  onChange: (value: string) => void;
  /** How many digits may be typed (spec section 5: 3 when creating, 2 when editing). */
  maxDigits: number;
}

/**
 * A DDI or DDD. The limit applies to what is typed, not to the value the form starts with: a longer stored code
 * is shown whole rather than cut, so a save that does not touch it sends it back unchanged (docs/decisions/046).
 * An input mask would trim the stored value on mount; a digit filter on change does not.
 */
export function CodeField({ value, onChange, maxDigits, ...rest }: CodeFieldProps) {
  return (
    <TextInput
      {...rest}
      value={value}
      inputMode="numeric"
      autoComplete="off"
      maxLength={maxDigits}
      onChange={(event) => onChange(onlyDigits(event.currentTarget.value).slice(0, maxDigits))}
    />
  );
}
