import { Button, Group, Loader, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type ChangeEvent,
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
  useRef,
  useState,
} from 'react';
import { addressFromCep, formatPhone, MARITAL_STATUS, messages, shouldLookUpCep } from '../../../../contracts/index.ts';
import { lookupCep } from '../../../api/cep.ts';
import { FormAlert } from '../../../ui/index.ts';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { type AddressType, firstProblem, type HolderForm, MAX } from '../form-model.ts';

const t = messages.proposal;

const MARITAL_OPTIONS = Object.entries(MARITAL_STATUS).map(([value, label]) => ({ value, label }));
const GENDER_OPTIONS = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Feminino' },
  { value: 'O', label: 'Outro' },
];
const ADDRESS_TYPE_OPTIONS = [
  { value: 'R', label: 'Residencial' },
  { value: 'C', label: 'Comercial' },
];

/** The R$ prefix in a colour that keeps 4.5:1 on white (Mantine's default dimmed grey does not). */
const PREFIX = { section: { color: 'var(--mantine-color-gray-7)' } };

const onlyDigits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);
const asTyped = (typed: string) => typed;
const upper = (typed: string) => typed.toUpperCase();
type TextKey = keyof typeof MAX & Exclude<keyof HolderForm, 'typeAddress'>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
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

export interface HolderFormProps {
  submitting: boolean;
  /** A refusal of the platform, shown where the operator is looking. */
  serverError: string | null;
  /** The values live with the screen, so going back to the product keeps what was typed. */
  form: HolderForm;
  setForm: Dispatch<SetStateAction<HolderForm>>;
  onSubmit: (form: HolderForm) => void;
}

/** Step 2: every field of the holder, with the masks, maximum lengths and defaults of spec sections 5 and 9. */
export function HolderFormView({ submitting, serverError, form, setForm, onSubmit }: HolderFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const latestCep = useRef('');

  const set = <K extends keyof HolderForm>(key: K, value: HolderForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  /** A text field's length, value and change handler from its key (spec section 5's maximums). */
  const text = (key: TextKey, clean: (typed: string) => string = asTyped) => ({
    maxLength: MAX[key],
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, clean(e.currentTarget.value)),
  });

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

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = firstProblem(form);
    setProblem(found);
    if (!found) onSubmit(form);
  }

  const message = problem ?? serverError;
  const addressTitle =
    form.typeAddress === 'C' ? 'Endereço comercial' : form.typeAddress === 'R' ? 'Endereço residencial' : t.address;

  return (
    <form onSubmit={submit} noValidate aria-busy={submitting}>
      <Stack gap="md">
        <Section id="holder-personal" title={t.personalData}>
          <MaskedInput
            label="CPF"
            withAsterisk
            mask="000.000.000-00"
            placeholder="000.000.000-00"
            maxLength={MAX.cpf}
            value={form.cpf}
            onChange={(v) => set('cpf', v)}
          />
          <TextInput label="Nome completo" withAsterisk autoComplete="off" {...text('clientName')} />
          <TextInput label="Nome impresso no cartão" withAsterisk autoComplete="off" {...text('embossName', upper)} />
          <TextInput label="Nome da mãe" withAsterisk autoComplete="off" {...text('motherName')} />
          <MaskedInput
            label="Data de nascimento"
            withAsterisk
            mask="00/00/0000"
            placeholder="dd/mm/aaaa"
            maxLength={MAX.birthDate}
            value={form.birthDate}
            onChange={(v) => set('birthDate', v)}
          />
          <Select
            label="Estado civil"
            data={MARITAL_OPTIONS}
            value={form.maritalStatus}
            onChange={(v) => v && set('maritalStatus', v)}
            allowDeselect={false}
          />
          <Select
            label="Sexo"
            data={GENDER_OPTIONS}
            value={form.gender}
            onChange={(v) => v && set('gender', v)}
            allowDeselect={false}
          />
          <MoneyInput
            label="Renda mensal"
            styles={PREFIX}
            value={form.valueIncome}
            onChange={(v) => set('valueIncome', v)}
          />
        </Section>

        <Section id="holder-contact" title={t.contact}>
          <TextInput label="E-mail" withAsterisk type="email" autoComplete="off" {...text('email')} />
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              label="DDD"
              w={72}
              inputMode="numeric"
              maxLength={MAX.ddd}
              value={form.dddHome}
              onChange={(e) => set('dddHome', onlyDigits(e.currentTarget.value, MAX.ddd))}
            />
            <TextInput
              label="Telefone"
              style={{ flex: 1 }}
              inputMode="numeric"
              maxLength={MAX.phone}
              value={form.phoneHome}
              onChange={(e) => set('phoneHome', formatPhone(e.currentTarget.value))}
            />
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              label="DDD celular"
              withAsterisk
              w={110}
              inputMode="numeric"
              maxLength={MAX.ddd}
              value={form.dddCellPhone}
              onChange={(e) => set('dddCellPhone', onlyDigits(e.currentTarget.value, MAX.ddd))}
            />
            <TextInput
              label="Celular"
              withAsterisk
              style={{ flex: 1 }}
              inputMode="numeric"
              maxLength={MAX.phone}
              value={form.cellPhone}
              onChange={(e) => set('cellPhone', formatPhone(e.currentTarget.value))}
            />
          </Group>
        </Section>

        <Section id="holder-card" title={t.cardData}>
          <MoneyInput
            label="Limite de crédito"
            styles={PREFIX}
            withAsterisk
            value={form.creditLimit}
            onChange={(v) => set('creditLimit', v)}
          />
          <TextInput label="Dia de vencimento" value={form.dayDue} maxLength={MAX.dayDue} disabled readOnly />
        </Section>

        <Section id="holder-address" title={addressTitle}>
          <Select
            label="Tipo de endereço"
            withAsterisk
            placeholder="Selecione"
            data={ADDRESS_TYPE_OPTIONS}
            value={form.typeAddress || null}
            onChange={(v) => set('typeAddress', (v ?? '') as AddressType)}
            allowDeselect={false}
          />
          <MaskedInput
            label="CEP"
            withAsterisk
            mask="00000-000"
            placeholder="00000-000"
            maxLength={MAX.zipCode}
            value={form.zipCode}
            onChange={onZipCode}
            rightSection={lookingUp ? <Loader size="xs" role="status" aria-label={t.cepLoading} /> : null}
          />
          <TextInput label="Logradouro" withAsterisk {...text('street')} />
          <TextInput label="Número" withAsterisk {...text('number')} />
          <TextInput label="Complemento" {...text('complement')} />
          <TextInput label="Bairro" withAsterisk {...text('district')} />
          <TextInput label="Estado (UF)" withAsterisk {...text('state', upper)} />
          <TextInput label="Cidade" withAsterisk {...text('city')} />
        </Section>

        <FormAlert message={message} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={submitting} w={{ base: '100%', xs: 'auto' }}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
