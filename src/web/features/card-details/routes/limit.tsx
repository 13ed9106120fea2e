import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseSuggestedLimit, SUGGESTED_LIMIT_PARAM } from '../../../../contracts/decline-reasons.ts';
import { messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatBRL } from '../../../ui/format.ts';
import { moneyToTyped, parseTypedMoney } from '../../../ui/money.ts';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { ReadFailure } from '../../../ui/read-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCardAction } from '../api/card-action.ts';
import { changeLimit } from '../api/card-calls.ts';
import { isPermanentlyBlocked, useConsult } from '../api/get-consult.ts';
import { useLimit } from '../api/get-limit.ts';
import { LimitConfirm } from '../components/limit-confirm.tsx';
import { Notice } from '../components/notice.tsx';
import { Screen } from '../components/screen.tsx';
import { type SelectedCard, useSelectedCard } from '../lib/selected-card.ts';

const m = messages.limit;

/**
 * What the typed available limit makes of the credit limit: what was used stays, so the credit limit is the two
 * together (decision 102). Nothing while the field holds no amount.
 */
function CreditAfter({ typed, used }: { typed: string; used: number }) {
  const available = parseTypedMoney(typed);
  if (!available) return null;
  const credit = (Math.round(available * 100) + Math.round(used * 100)) / 100;
  // 'R$' never ends a line apart from its amount.
  const amount = (value: number) => formatBRL(value).replace(' ', '\u00a0');
  return (
    <Text fz="sm" c="gray.8">
      {m.creditAfter(amount(credit), amount(available), amount(used))}
    </Text>
  );
}

/** /home/details/limit: read the limit and change the available limit (typed as cents). */
export default function LimitRoute() {
  const selected = useSelectedCard()!;
  const consult = useConsult(selected);
  let body: React.ReactNode;
  if (!consult.data)
    body = consult.isError ? (
      <ReadFailure message={m.failure} error={consult.error} onRetry={consult.refetch} />
    ) : (
      <Spinner label={m.loading} />
    );
  else if (isPermanentlyBlocked(consult.data)) body = <Notice>{messages.cardDetails.limitUnavailable}</Notice>;
  else body = <LimitForm selected={selected} />;
  return <Screen title={m.title}>{body}</Screen>;
}

function LimitForm({ selected }: { selected: SelectedCard }) {
  const limit = useLimit(selected.uuid, selected.last4);
  // A declined purchase's link may suggest a limit (decision 081); anything malformed is ignored.
  const [searchParams] = useSearchParams();
  const suggested = parseSuggestedLimit(searchParams.get(SUGGESTED_LIMIT_PARAM));
  const [value, setValue] = useState(() => (suggested ? moneyToTyped(suggested / 100) : ''));
  const [error, setError] = useState<string | null>(null);
  // The amount waiting for the operator's yes; nothing is sent before it.
  const [confirming, setConfirming] = useState<number | null>(null);
  const action = useCardAction({
    uuid: selected.uuid,
    run: (availableLimit: number) => changeLimit(selected.uuid, { availableLimit, last4digits: selected.last4 }),
    success: m.success,
    failure: m.failure,
    onSuccess: () => {
      setValue('');
      setConfirming(null);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amount = parseTypedMoney(value);
    if (!amount || amount <= 0) return setError(m.required);
    setError(null);
    setConfirming(amount);
  }

  if (!limit.data)
    return limit.isError ? (
      <ReadFailure message={m.failure} error={limit.error} onRetry={limit.refetch} />
    ) : (
      <Spinner label={m.loading} />
    );
  const figures = [
    { label: m.creditLimit, value: limit.data.creditLimit },
    { label: m.available, value: limit.data.availableLimit },
    { label: m.used, value: limit.data.availableCreditLimitUsed },
  ];
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={action.isPending}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {figures.map((f) => (
            <div key={f.label}>
              <Text fz="sm" c="gray.7">
                {f.label}
              </Text>
              <Text fw={700} fz="lg">
                {formatBRL(f.value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <FormAlert message={error ?? action.reason} />
        {suggested ? (
          <Text fz="sm" c="gray.8">
            {messages.declines.suggested(formatBRL(suggested / 100))}
          </Text>
        ) : null}
        <MoneyInput
          label={m.newLimit}
          description={m.newLimitHint}
          placeholder="0,00"
          value={value}
          onChange={setValue}
          withAsterisk
          maw={320}
        />
        <CreditAfter typed={value} used={limit.data.availableCreditLimitUsed} />
        <Group justify="flex-end">
          <Button type="submit" loading={action.isPending}>
            {m.submit}
          </Button>
        </Group>
      </Stack>
      <LimitConfirm
        last4={selected.last4}
        current={limit.data.availableLimit}
        next={confirming}
        loading={action.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming !== null && action.mutate(confirming, { onError: () => setConfirming(null) })}
      />
    </form>
  );
}
