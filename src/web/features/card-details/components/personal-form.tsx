import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type AccountData, messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { useCardAction } from '../api/card-action.ts';
import { updateHolder } from '../api/card-calls.ts';
import { formatPhone, type PersonalValues, validatePersonal } from '../lib/holder-validation.ts';
import { holderBody, personalFrom } from '../lib/holder-wire.ts';

const m = messages.holderEdit;

/** 'Dados Pessoais': the holder update (PUT /v1/client/account). */
export function PersonalForm({ holder, uuid, last4 }: { holder: AccountData; uuid: string; last4: string }) {
  const [values, setValues] = useState<PersonalValues>(() => personalFrom(holder));
  const [error, setError] = useState<string | null>(null);
  const action = useCardAction({
    uuid,
    run: (v: PersonalValues) => updateHolder(uuid, holderBody(v, last4)),
    success: m.success,
    failure: m.failure,
  });
  const set = (key: keyof PersonalValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

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
        <TextInput
          label={m.name}
          maxLength={40}
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          withAsterisk
          autoComplete="off"
        />
        <TextInput
          label={m.motherName}
          maxLength={30}
          value={values.motherName}
          onChange={(e) => set('motherName')(e.currentTarget.value)}
          withAsterisk
          autoComplete="off"
        />
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
            value={values.gender}
            onChange={(e) => set('gender')(e.currentTarget.value)}
            data={[
              { value: 'M', label: m.genderM },
              { value: 'F', label: m.genderF },
              { value: 'O', label: m.genderO },
            ]}
          />
        </SimpleGrid>
        <TextInput
          label={m.email}
          type="email"
          maxLength={60}
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          withAsterisk
          autoComplete="off"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Group gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={m.phoneGroup}>
            <TextInput
              label={m.dddPhone}
              aria-label={`${m.dddPhone} ${m.phoneGroup.toLowerCase()}`}
              inputMode="numeric"
              maxLength={3}
              w={72}
              value={values.dddPhone}
              onChange={(e) => set('dddPhone')(e.currentTarget.value.replace(/\D/g, ''))}
              withAsterisk
            />
            <TextInput
              label={m.phone}
              inputMode="numeric"
              maxLength={10}
              style={{ flex: 1 }}
              value={values.phoneNumber}
              onChange={(e) => set('phoneNumber')(formatPhone(e.currentTarget.value))}
              withAsterisk
            />
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={m.cellGroup}>
            <TextInput
              label={m.dddCellPhone}
              aria-label={`${m.dddCellPhone} ${m.cellGroup.toLowerCase()}`}
              inputMode="numeric"
              maxLength={3}
              w={72}
              value={values.dddCellPhone}
              onChange={(e) => set('dddCellPhone')(e.currentTarget.value.replace(/\D/g, ''))}
              withAsterisk
            />
            <TextInput
              label={m.cellPhone}
              inputMode="numeric"
              maxLength={10}
              style={{ flex: 1 }}
              value={values.cellPhoneNumber}
              onChange={(e) => set('cellPhoneNumber')(formatPhone(e.currentTarget.value))}
              withAsterisk
            />
          </Group>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={action.isPending}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
