import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';

export interface MaskedFieldProps extends Omit<InputBaseProps, 'component' | 'onChange'> {
  /** An IMask pattern (0 is a digit), or a list of them for a value whose shape grows as it is typed. */
  mask: string | readonly { mask: string }[];
  value: string;
  /** The masked text as shown; callers strip the mask before sending. */
  onChange: (value: string) => void;
  placeholder?: string;
  autoComplete?: string;
  name?: string;
}

/** A Mantine input masked by react-imask: digits only, the separators typed for the operator. */
export function MaskedField({ mask, value, onChange, ...rest }: MaskedFieldProps) {
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      // IMask's typings want a mutable list; the patterns are only read.
      mask={mask as never}
      value={value}
      inputMode="numeric"
      onAccept={(next: string) => onChange(next)}
    />
  );
}
