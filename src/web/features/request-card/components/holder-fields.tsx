// What the holder form's sections share: the titled grid each section is, and a field's binding to the form's values.
import { Paper, SimpleGrid, Title } from '@mantine/core';
import type { ChangeEvent, Dispatch, ReactNode, SetStateAction } from 'react';
import { type HolderForm, MAX } from '../form-model.ts';

type TextKey = keyof typeof MAX & Exclude<keyof HolderForm, 'typeAddress'>;

const asTyped = (typed: string) => typed;
export const upper = (typed: string) => typed.toUpperCase();

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={3} fz="md" id={id} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** A section's setter and text-field bindings over the values the screen keeps. */
export function holderFields(form: HolderForm, setForm: Dispatch<SetStateAction<HolderForm>>) {
  const set = <K extends keyof HolderForm>(key: K, value: HolderForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  /** A text field's length, value and change handler from its key (spec section 5's maximums). */
  const text = (key: TextKey, clean: (typed: string) => string = asTyped) => ({
    maxLength: MAX[key],
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, clean(e.currentTarget.value)),
  });
  return { set, text };
}
