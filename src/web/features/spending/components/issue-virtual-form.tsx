import { Button, Group, NativeSelect, Radio, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { VIRTUAL_KINDS, type VirtualKind } from '../../../../contracts/virtual-cards.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { parseTypedMoney } from '../../../ui/money.ts';
import { MoneyInput } from '../../../ui/money-input.tsx';
import type { VirtualIssue } from '../api/controls.ts';

const m = messages.spending.virtual;
const VALIDITIES = [1, 3, 6, 12, 24];

interface IssueVirtualFormProps {
  issue: (body: VirtualIssue) => Promise<unknown>;
  reason: string | null;
}

/** One step: what it is for, recurring or one purchase, its limit, how long it lasts. Nothing is chosen for the user
 * but the validity's usual six months. */
export function IssueVirtualForm({ issue, reason }: IssueVirtualFormProps) {
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<VirtualKind | ''>('');
  const [limit, setLimit] = useState('');
  const [validity, setValidity] = useState('6');
  const [errors, setErrors] = useState<{ label?: string; kind?: string; limit?: string }>({});
  const [pending, setPending] = useState(false);
  const labelRef = useRef<HTMLInputElement>(null);
  const limitRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amount = parseTypedMoney(limit);
    const found = {
      ...(label.trim() ? {} : { label: m.labelRequired }),
      ...(kind ? {} : { kind: m.kindRequired }),
      ...(amount ? {} : { limit: m.invalidLimit }),
    };
    setErrors(found);
    if (found.label) return labelRef.current?.focus();
    if (found.kind) return document.getElementById('virtual-kind-RECORRENTE')?.focus();
    if (found.limit || !amount || !kind) return limitRef.current?.focus();
    setPending(true);
    try {
      await issue({ label: label.trim(), kind, limit: amount, validityMonths: Number(validity) });
      setLabel('');
      setKind('');
      setLimit('');
    } catch {
      // The screen shows the provider's reason; what was typed stays.
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} aria-labelledby="issue-virtual-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="issue-virtual-title">
          {m.issueTitle}
        </Title>
        <FormAlert message={reason} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            ref={labelRef}
            label={m.label}
            value={label}
            maxLength={40}
            withAsterisk
            error={errors.label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
          <MoneyInput
            ref={limitRef}
            label={m.limit}
            placeholder="0,00"
            value={limit}
            withAsterisk
            error={errors.limit}
            onChange={setLimit}
          />
          <Radio.Group
            label={m.kind}
            value={kind}
            onChange={(v) => setKind(v as VirtualKind)}
            withAsterisk
            error={errors.kind}
          >
            <Group gap="md" mt={6}>
              {VIRTUAL_KINDS.map((k) => (
                <Radio key={k} id={`virtual-kind-${k}`} value={k} label={m.kinds[k]} />
              ))}
            </Group>
          </Radio.Group>
          <NativeSelect
            label={m.validity}
            value={validity}
            onChange={(e) => setValidity(e.currentTarget.value)}
            data={VALIDITIES.map((n) => ({ value: String(n), label: m.validityMonths(n) }))}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {m.issue}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
