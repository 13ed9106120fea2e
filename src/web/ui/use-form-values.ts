// Flat, string-valued form state: one hook instead of a `set` closure and an onChange lambda per field.
import { type ChangeEvent, useState } from 'react';

type Clean = (typed: string) => string;
const asTyped: Clean = (typed) => typed;

export interface BoundField {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

export function useFormValues<T extends { [K in keyof T]: string }>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const set = (key: keyof T) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  /** `value` and `onChange` for an input that emits DOM events (TextInput, NativeSelect); `clean` rewrites the typing. */
  const bind = (key: keyof T, clean: Clean = asTyped): BoundField => ({
    value: values[key],
    onChange: (event) => set(key)(clean(event.currentTarget.value)),
  });
  return { values, setValues, set, bind };
}
