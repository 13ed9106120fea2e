import { commonMessages } from '../../contracts/common-messages.ts';
import { MaskedInput } from './masked-input.tsx';

const m = commonMessages.dateField;

export interface DateFieldProps {
  label: string;
  /** The text as typed and shown, '05/11/2026' (ui/typed-date.ts reads it). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  withAsterisk?: boolean;
}

/**
 * Every date filter of the portal: a text field masked as dd/mm/aaaa, not the browser's date input, which shows
 * mm/dd/yyyy in an English-language browser (issue 27, decision 144). Typed from the keyboard like the birth dates;
 * what was typed stays as typed when it is wrong, and the screen says why under the field.
 */
export function DateField({ label, value, onChange, error, withAsterisk }: DateFieldProps) {
  return (
    <MaskedInput
      label={label}
      mask="00/00/0000"
      maxLength={10}
      placeholder={m.placeholder}
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk={withAsterisk}
      autoComplete="off"
    />
  );
}
