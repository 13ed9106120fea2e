import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';

export interface MaskedInputProps extends Omit<InputBaseProps, 'component' | 'onChange'> {
  /** An IMask pattern: 0 is a digit. */
  mask: string;
  value: string;
  /** The masked text as shown (callers strip what they do not send). */
  onChange: (value: string) => void;
  maxLength?: number;
  placeholder?: string;
  name?: string;
  id?: string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  'aria-label'?: string;
}

/** A Mantine input with a react-imask mask (CPF, CEP, dates, phones). */
export function MaskedInput({ mask, value, onChange, inputMode = 'numeric', ...rest }: MaskedInputProps) {
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      mask={mask}
      value={value}
      inputMode={inputMode}
      onAccept={(next: string) => onChange(next)}
    />
  );
}
