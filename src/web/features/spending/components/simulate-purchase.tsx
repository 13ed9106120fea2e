import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import type { NetworkAuthorizationResponse } from '../../../../contracts/network.ts';
import {
  isControlDecline,
  MCC_GROUP_KEYS,
  MCC_GROUPS,
  PURCHASE_CHANNELS,
} from '../../../../contracts/spending-controls.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { parseTypedMoney } from '../../../ui/money.ts';
import { MoneyInput } from '../../../ui/money-input.tsx';
import type { SimulatedPurchase } from '../api/controls.ts';

const m = messages.spending.simulate;

interface SimulatePurchaseProps {
  run: (purchase: SimulatedPurchase) => Promise<NetworkAuthorizationResponse>;
  /** The id of the controls form, where "Mudar este controle" takes the operator. */
  controlsId: string;
  canChange: boolean;
}

/** Demo only: a purchase sent down the network's real authorization path, its answer shown as the network got it. */
export function SimulatePurchase({ run, controlsId, canChange }: SimulatePurchaseProps) {
  const [amount, setAmount] = useState('100,00');
  const [merchant, setMerchant] = useState('LOJA DE DEMONSTRACAO');
  const [group, setGroup] = useState<string>('restaurantes');
  const [country, setCountry] = useState('BR');
  const [channel, setChannel] = useState<string>('PRESENCIAL');
  const [answer, setAnswer] = useState<NetworkAuthorizationResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = parseTypedMoney(amount);
    if (!value) return setError(messages.spending.notPositive);
    setError(null);
    setPending(true);
    try {
      const mcc = MCC_GROUPS[group as keyof typeof MCC_GROUPS].example;
      setAnswer(
        await run({
          amount: value,
          merchantName: merchant,
          mcc,
          merchantCountry: country,
          channel: channel as SimulatedPurchase['channel'],
        }),
      );
    } catch (err) {
      setAnswer(null);
      setError(err instanceof Error && err.message ? err.message : messages.generic.unexpected);
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="simulate-title">
      <Title order={3} fz="lg" id="simulate-title">
        {m.title}
      </Title>
      <Text fz="sm" c="gray.7">
        {m.intro}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-busy={pending}>
        <Stack gap="sm">
          <FormAlert message={error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MoneyInput label={m.amount} value={amount} onChange={setAmount} />
            <TextInput
              label={m.merchant}
              value={merchant}
              maxLength={60}
              onChange={(e) => setMerchant(e.currentTarget.value)}
            />
            <NativeSelect
              label={m.group}
              value={group}
              onChange={(e) => setGroup(e.currentTarget.value)}
              data={MCC_GROUP_KEYS.map((g) => ({ value: g, label: MCC_GROUPS[g].label }))}
            />
            <NativeSelect
              label={m.country}
              value={country}
              onChange={(e) => setCountry(e.currentTarget.value)}
              data={Object.entries(messages.spending.countries).map(([value, label]) => ({ value, label }))}
            />
            <NativeSelect
              label={m.channel}
              value={channel}
              onChange={(e) => setChannel(e.currentTarget.value)}
              data={PURCHASE_CHANNELS.map((c) => ({ value: c, label: messages.spending.channels[c] }))}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={pending}>
              {m.submit}
            </Button>
          </Group>
        </Stack>
      </form>
      {answer ? (
        <Alert
          color={answer.approved ? 'teal' : 'red'}
          variant="light"
          role="status"
          title={answer.approved ? m.approved : m.declined}
        >
          <Stack gap={4}>
            {answer.approved ? null : <Text fz="sm">{answer.message}</Text>}
            {!answer.approved && canChange && isControlDecline(answer.code) ? (
              <Anchor
                href={`#${controlsId}`}
                fz="sm"
                fw={600}
                c="red.9"
                underline="always"
                onClick={() => document.getElementById(controlsId)?.focus()}
              >
                {m.fixIt}
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
