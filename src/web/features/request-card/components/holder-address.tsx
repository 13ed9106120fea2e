import { Loader, Select, TextInput } from '@mantine/core';
import { type Dispatch, type SetStateAction, useRef, useState } from 'react';
import { addressFromCep, messages, shouldLookUpCep } from '../../../../contracts/index.ts';
import { lookupCep } from '../../../api/cep.ts';
import type { FieldErrors } from '../../../lib/form-model.ts';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { type AddressType, type HolderForm, MAX } from '../form-model.ts';
import { holderFields, Section, upper } from './holder-fields.tsx';

const t = messages.proposal;

const ADDRESS_TYPE_OPTIONS = [
  { value: 'R', label: 'Residencial' },
  { value: 'C', label: 'Comercial' },
];

/** The holder's address, residential or commercial; a complete CEP fills in what the lookup knows. */
export function HolderAddress({
  form,
  setForm,
  errors,
}: {
  form: HolderForm;
  setForm: Dispatch<SetStateAction<HolderForm>>;
  /** Each field's own message after a refused submit (the form's summary stays the spec's). */
  errors: FieldErrors<keyof HolderForm>;
}) {
  const [lookingUp, setLookingUp] = useState(false);
  const latestCep = useRef('');
  const { set, text } = holderFields(form, setForm);

  function onZipCode(masked: string) {
    set('zipCode', masked);
    const cep = masked.replace(/\D/g, '');
    latestCep.current = cep;
    if (!shouldLookUpCep(masked)) return;
    setLookingUp(true);
    // A failed lookup answers null, only logged (spec section 8): the operator types the address.
    lookupCep(cep)
      .then((answer) => {
        if (!answer || latestCep.current !== cep) return;
        const address = addressFromCep(answer);
        setForm((f) => ({
          ...f,
          street: address.street || f.street,
          district: address.district || f.district,
          state: address.state || f.state,
          city: address.city || f.city,
          complement: f.complement || address.complement,
        }));
      })
      .finally(() => setLookingUp(false));
  }

  const addressTitle =
    form.typeAddress === 'C' ? 'Endereço comercial' : form.typeAddress === 'R' ? 'Endereço residencial' : t.address;

  return (
    <Section id="holder-address" title={addressTitle}>
      <Select
        label="Tipo de endereço"
        withAsterisk
        placeholder="Selecione"
        data={ADDRESS_TYPE_OPTIONS}
        value={form.typeAddress || null}
        onChange={(v) => set('typeAddress', (v ?? '') as AddressType)}
        allowDeselect={false}
        error={errors.typeAddress}
      />
      <MaskedInput
        label="CEP"
        withAsterisk
        mask="00000-000"
        placeholder="00000-000"
        maxLength={MAX.zipCode}
        value={form.zipCode}
        onChange={onZipCode}
        error={errors.zipCode}
        rightSection={lookingUp ? <Loader size="xs" role="status" aria-label={t.cepLoading} /> : null}
      />
      <TextInput label="Logradouro" withAsterisk {...text('street')} error={errors.street} />
      <TextInput label="Número" withAsterisk {...text('number')} error={errors.number} />
      <TextInput label="Complemento" {...text('complement')} />
      <TextInput label="Bairro" withAsterisk {...text('district')} error={errors.district} />
      <TextInput label="Estado (UF)" withAsterisk {...text('state', upper)} error={errors.state} />
      <TextInput label="Cidade" withAsterisk {...text('city')} error={errors.city} />
    </Section>
  );
}
