import { Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { type AccountData, messages, onlyDigits } from '../../../../contracts/index.ts';
import { lookupCep } from '../../../api/cep.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { useFormValues } from '../../../ui/use-form-values.ts';
import { useCardAction } from '../api/card-action.ts';
import { updateAddress } from '../api/card-calls.ts';
import { type AddressValues, addressFromCep, addressToWire, validateAddress } from '../lib/holder-validation.ts';
import { addressFrom } from '../lib/holder-wire.ts';
import { SaveButton } from './save-button.tsx';

const m = messages.holderEdit;

/** 'Endereço de Entrega do Cartão': the address update, with the CEP lookup filling the address. */
export function AddressForm({ holder, uuid }: { holder: AccountData; uuid: string }) {
  const { values, setValues, set, bind } = useFormValues<AddressValues>(() => addressFrom(holder));
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const lastLookup = useRef(onlyDigits(addressFrom(holder).zipCode));
  const action = useCardAction({
    uuid,
    run: (v: AddressValues) => updateAddress(uuid, addressToWire(v)),
    success: m.addressSuccess,
    failure: m.addressFailure,
  });

  async function onCep(value: string) {
    set('zipCode')(value);
    const cep = onlyDigits(value);
    if (cep.length !== 8 || cep === lastLookup.current) return;
    lastLookup.current = cep;
    setLooking(true);
    const answer = await lookupCep(cep);
    setLooking(false);
    // A failure is only logged; what the operator typed stays.
    if (answer && lastLookup.current === cep) setValues((v) => ({ ...v, ...addressFromCep(answer) }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateAddress(values);
    setError(invalid);
    if (!invalid) action.mutate(values);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={action.isPending || looking}>
      <Stack gap="md">
        <FormAlert message={error ?? action.reason} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MaskedInput
            label={m.cep}
            mask="00000-000"
            maxLength={9}
            placeholder="00000-000"
            value={values.zipCode}
            onChange={(v) => void onCep(v)}
            rightSection={looking ? <Loader size="xs" aria-label={m.cepLoading} /> : null}
            withAsterisk
          />
          <TextInput label={m.number} maxLength={6} {...bind('addressHomeNumber')} withAsterisk autoComplete="off" />
        </SimpleGrid>
        <TextInput label={m.street} maxLength={40} {...bind('addressHome')} withAsterisk autoComplete="off" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={m.complement} maxLength={25} {...bind('addressHomeComplement')} autoComplete="off" />
          <TextInput label={m.district} maxLength={15} {...bind('district')} withAsterisk autoComplete="off" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={m.city} maxLength={30} {...bind('city')} withAsterisk autoComplete="off" />
          <TextInput
            label={m.state}
            maxLength={3}
            {...bind('state', (typed) => typed.toUpperCase())}
            withAsterisk
            autoComplete="off"
          />
        </SimpleGrid>
        <SaveButton loading={action.isPending} />
      </Stack>
    </form>
  );
}
