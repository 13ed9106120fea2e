// The spend filters (decision 118): period, holder or card, status, origin, amount range. Applied on "Filtrar", so a
// half-typed amount or date never asks the provider; each field's own mistake is said under it. The period is typed
// as dd/mm/aaaa (decision 144) and travels as ISO days.
import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { searchTermProblem } from '../../../../contracts/card-search-term.ts';
import { commonMessages } from '../../../../contracts/common-messages.ts';
import { messages } from '../../../../contracts/messages.ts';
import { SPEND_REGIONS, SPEND_STATUSES } from '../../../../contracts/spend.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { parseTypedMoney } from '../../../ui/money.ts';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { isoToTyped, typedToIso } from '../../../ui/typed-date.ts';
import type { SpendFilterErrors, SpendFilterValues } from '../lib/filters.ts';
import classes from './spend-filter-form.module.css';

const m = messages.spend;

const statusOptions = [{ value: '', label: m.statusAll }, ...SPEND_STATUSES.map((s) => ({ value: s, label: s }))];
const regionOptions = [
  { value: '', label: m.regionAll },
  ...SPEND_REGIONS.map((r) => ({ value: r, label: m.regions[r] })),
];

/** The values with the period as typed ('05/11/2026') → as the provider reads it, or each field's mistake. */
export function readSpendFilters(typed: SpendFilterValues): { values: SpendFilterValues; errors: SpendFilterErrors } {
  const errors: SpendFilterErrors = {};
  const from = typedToIso(typed.from);
  const to = typedToIso(typed.to);
  if (from === null) errors.from = commonMessages.dateField.invalid;
  if (to === null) errors.to = commonMessages.dateField.invalid;
  const values = { ...typed, from: from ?? '', to: to ?? '' };
  return { values, errors: { ...checkSpendFilters(values), ...errors } };
}

const asTyped = (v: SpendFilterValues): SpendFilterValues => ({ ...v, from: isoToTyped(v.from), to: isoToTyped(v.to) });

/** The rules across fields, on the period as ISO days. */
export function checkSpendFilters(v: SpendFilterValues): SpendFilterErrors {
  const errors: SpendFilterErrors = {};
  if (v.from && v.to && v.from > v.to) errors.from = m.periodOrder;
  const problem = v.holder.trim() ? searchTermProblem(v.holder) : null;
  if (problem) errors.holder = messages.cardSearch[problem];
  const min = parseTypedMoney(v.min);
  const max = parseTypedMoney(v.max);
  if (min !== null && max !== null && min > max) errors.min = m.amountOrder;
  return errors;
}

interface Props {
  initial: SpendFilterValues;
  defaults: () => SpendFilterValues;
  onApply: (values: SpendFilterValues) => void;
  /** A card's own history: the holder is the card's, so its field is not shown. */
  oneCard?: boolean;
}

export function SpendFilterForm({ initial, defaults, onApply, oneCard = false }: Props) {
  const [typed, setTyped] = useState<SpendFilterValues>(() => asTyped(initial));
  const [errors, setErrors] = useState<SpendFilterErrors>({});
  const set =
    <K extends keyof SpendFilterValues>(key: K) =>
    (value: SpendFilterValues[K]) =>
      setTyped((t) => ({ ...t, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const { values, errors: found } = readSpendFilters(typed);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(values);
  }

  function clear() {
    const fresh = defaults();
    setTyped(asTyped(fresh));
    setErrors({});
    onApply(fresh);
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label={m.filters}>
      <SimpleGrid cols={{ base: 2, md: oneCard ? 3 : 4, xl: oneCard ? 6 : 8 }} spacing="sm" verticalSpacing="sm">
        <DateField label={m.from} value={typed.from} onChange={set('from')} error={errors.from} />
        <DateField label={m.to} value={typed.to} onChange={set('to')} error={errors.to} />
        {oneCard ? null : (
          <TextInput
            className={classes.wide}
            label={m.holder}
            placeholder={m.holderPlaceholder}
            value={typed.holder}
            onChange={(e) => set('holder')(e.currentTarget.value)}
            error={errors.holder}
            maxLength={40}
            autoComplete="off"
          />
        )}
        <NativeSelect
          className={classes.wideOnPhone}
          label={m.status}
          data={statusOptions}
          value={typed.status}
          onChange={(e) => set('status')(e.currentTarget.value as SpendFilterValues['status'])}
        />
        <NativeSelect
          className={classes.wideOnPhone}
          label={m.region}
          data={regionOptions}
          value={typed.region}
          onChange={(e) => set('region')(e.currentTarget.value as SpendFilterValues['region'])}
        />
        <MoneyInput label={m.minAmount} value={typed.min} onChange={set('min')} error={errors.min} />
        <MoneyInput label={m.maxAmount} value={typed.max} onChange={set('max')} />
      </SimpleGrid>
      <Group gap="xs" mt="md" wrap="wrap">
        <Button type="submit">{m.apply}</Button>
        <Button variant="subtle" onClick={clear}>
          {m.clear}
        </Button>
      </Group>
    </Paper>
  );
}
