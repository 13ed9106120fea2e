import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useRef, useState } from 'react';
import { formatPhone, MARITAL_STATUS, messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/index.ts';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { fieldProblems, firstProblem, type HolderForm, MAX } from '../form-model.ts';
import { HolderAddress } from './holder-address.tsx';
import { holderFields, Section, upper } from './holder-fields.tsx';

const t = messages.proposal;

const MARITAL_OPTIONS = Object.entries(MARITAL_STATUS).map(([value, label]) => ({ value, label }));
const GENDER_OPTIONS = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Feminino' },
  { value: 'O', label: 'Outro' },
];

/** The R$ prefix in a colour that keeps 4.5:1 on white (Mantine's default dimmed grey does not). */
const PREFIX = { section: { color: 'var(--mantine-color-gray-7)' } };

const onlyDigits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

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
  // After the first submit each field says what it needs under itself, and stops saying it once fixed.
  const [tries, setTries] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const { set, text } = holderFields(form, setForm);
  const errors = tries > 0 ? fieldProblems(form) : {};
  const err = (key: keyof HolderForm) => ({ error: errors[key] });

  // The first field marked, in the order the form reads, takes the focus after a refused submit.
  useEffect(() => {
    if (tries > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tries]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = firstProblem(form);
    setProblem(found);
    if (found) setTries((n) => n + 1);
    else onSubmit(form);
  }

  const message = problem ?? serverError;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={submitting}>
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
            {...err('cpf')}
          />
          <TextInput
            label="Nome completo"
            withAsterisk
            autoComplete="off"
            {...text('clientName')}
            {...err('clientName')}
          />
          <TextInput
            label="Nome impresso no cartão"
            withAsterisk
            autoComplete="off"
            {...text('embossName', upper)}
            {...err('embossName')}
          />
          <TextInput
            label="Nome da mãe"
            withAsterisk
            autoComplete="off"
            {...text('motherName')}
            {...err('motherName')}
          />
          <MaskedInput
            label="Data de nascimento"
            withAsterisk
            mask="00/00/0000"
            placeholder="dd/mm/aaaa"
            maxLength={MAX.birthDate}
            value={form.birthDate}
            onChange={(v) => set('birthDate', v)}
            {...err('birthDate')}
          />
          <Select
            label="Estado civil"
            placeholder={t.optionalChoice}
            data={MARITAL_OPTIONS}
            value={form.maritalStatus || null}
            onChange={(v) => set('maritalStatus', v ?? '')}
            clearable
          />
          <Select
            label="Sexo"
            placeholder={t.optionalChoice}
            data={GENDER_OPTIONS}
            value={form.gender || null}
            onChange={(v) => set('gender', v ?? '')}
            clearable
          />
          <MoneyInput
            label="Renda mensal"
            styles={PREFIX}
            placeholder={t.optionalChoice}
            value={form.valueIncome}
            onChange={(v) => set('valueIncome', v)}
          />
        </Section>

        <Section id="holder-contact" title={t.contact}>
          <TextInput label="E-mail" withAsterisk type="email" autoComplete="off" {...text('email')} {...err('email')} />
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              label="DDD"
              w={72}
              inputMode="numeric"
              maxLength={MAX.ddd}
              value={form.dddHome}
              onChange={(e) => set('dddHome', onlyDigits(e.currentTarget.value, MAX.ddd))}
              {...err('dddHome')}
            />
            <TextInput
              label="Telefone"
              style={{ flex: 1 }}
              inputMode="numeric"
              maxLength={MAX.phone}
              value={form.phoneHome}
              onChange={(e) => set('phoneHome', formatPhone(e.currentTarget.value))}
              {...err('phoneHome')}
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
              {...err('dddCellPhone')}
            />
            <TextInput
              label="Celular"
              withAsterisk
              style={{ flex: 1 }}
              inputMode="numeric"
              maxLength={MAX.phone}
              value={form.cellPhone}
              onChange={(e) => set('cellPhone', formatPhone(e.currentTarget.value))}
              {...err('cellPhone')}
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
            {...err('creditLimit')}
          />
          <TextInput label="Dia de vencimento" value={form.dayDue} maxLength={MAX.dayDue} disabled readOnly />
        </Section>

        <HolderAddress form={form} setForm={setForm} errors={errors} />

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
