import { Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type AccountData, messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { type BoundField, useFormValues } from '../../../ui/use-form-values.ts';
import { useCardAction } from '../api/card-action.ts';
import { updateHolder } from '../api/card-calls.ts';
import { formatPhone, type PersonalValues, personalToWire, validatePersonal } from '../lib/holder-validation.ts';
import { personalFrom } from '../lib/holder-wire.ts';
import { SaveButton } from './save-button.tsx';

const m = messages.holderEdit;

interface PhonePairProps {
  group: string;
  dddLabel: string;
  numberLabel: string;
  ddd: BoundField;
  number: BoundField;
}

/** A DDD and its number side by side, announced as one group ('Telefone' or 'Celular'). */
function PhonePair({ group, dddLabel, numberLabel, ddd, number }: PhonePairProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={group}>
      <TextInput
        label={dddLabel}
        aria-label={`${dddLabel} ${group.toLowerCase()}`}
        inputMode="numeric"
        maxLength={3}
        w={72}
        withAsterisk
        {...ddd}
      />
      <TextInput label={numberLabel} inputMode="numeric" maxLength={10} style={{ flex: 1 }} withAsterisk {...number} />
    </Group>
  );
}

const digits = (typed: string) => typed.replace(/\D/g, '');

/** 'Dados Pessoais': the holder update (PUT /v1/client/account). */
export function PersonalForm({ holder, uuid, last4 }: { holder: AccountData; uuid: string; last4: string }) {
  const { values, set, bind } = useFormValues<PersonalValues>(() => personalFrom(holder));
  const [error, setError] = useState<string | null>(null);
  const action = useCardAction({
    uuid,
    run: (v: PersonalValues) => updateHolder(uuid, personalToWire(v, last4)),
    success: m.success,
    failure: m.failure,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validatePersonal(values);
    setError(invalid);
    if (!invalid) action.mutate(values);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={action.isPending}>
      <Stack gap="md">
        <FormAlert message={error ?? action.reason} />
        <TextInput label={m.name} maxLength={40} withAsterisk autoComplete="off" {...bind('name')} />
        <TextInput label={m.motherName} maxLength={30} withAsterisk autoComplete="off" {...bind('motherName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MaskedInput
            label={m.birthDate}
            mask="00/00/0000"
            maxLength={10}
            placeholder="dd/mm/aaaa"
            value={values.birthDate}
            onChange={set('birthDate')}
            withAsterisk
          />
          <NativeSelect
            label={m.gender}
            data={[
              { value: 'M', label: m.genderM },
              { value: 'F', label: m.genderF },
              { value: 'O', label: m.genderO },
            ]}
            {...bind('gender')}
          />
        </SimpleGrid>
        <TextInput label={m.email} type="email" maxLength={60} withAsterisk autoComplete="off" {...bind('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PhonePair
            group={m.phoneGroup}
            dddLabel={m.dddPhone}
            numberLabel={m.phone}
            ddd={bind('dddPhone', digits)}
            number={bind('phoneNumber', formatPhone)}
          />
          <PhonePair
            group={m.cellGroup}
            dddLabel={m.dddCellPhone}
            numberLabel={m.cellPhone}
            ddd={bind('dddCellPhone', digits)}
            number={bind('cellPhoneNumber', formatPhone)}
          />
        </SimpleGrid>
        <SaveButton loading={action.isPending} />
      </Stack>
    </form>
  );
}
