import { Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AccountData, LimitResponse } from '../../../../contracts/index.ts';
import { messages } from '../../../../contracts/index.ts';
import { CardImage } from '../../../ui/card-image.tsx';
import { formatBRL, maskedLast4 } from '../../../ui/format.ts';
import { MaskedCpf } from '../../../ui/masked-cpf.tsx';
import { StatusBadge, ToneBadge } from '../../../ui/status-badge.tsx';
import type { SelectedCard } from '../lib/selected-card.ts';
import classes from './summary-panel.module.css';

interface SummaryPanelProps {
  selected: SelectedCard;
  holder: AccountData | undefined;
  limit: LimitResponse | undefined;
}

const m = messages.cardDetails;

/** Name, formatted CPF, masked last four, modality, status, limit and used amount with a progress bar. */
export function SummaryPanel({ selected, holder, limit }: SummaryPanelProps) {
  const { account, card } = selected;
  const name = holder?.clientNameHolder ?? account.cardHolder;
  // The holder's data say whether the account is cancelled, which the stored row may predate (decision 116).
  const row = card ?? account;
  const state = { ...row, accountStatusDescription: holder?.accountStatusDescription ?? row.accountStatusDescription };
  const ratio = limit && limit.creditLimit > 0 ? limit.availableCreditLimitUsed / limit.creditLimit : 0;
  const usedPercent = Math.round(Math.min(1, Math.max(0, ratio)) * 1000) / 10;
  const cancelled = holder?.accountStatusDescription === 'CANCELADA';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="card-summary-title">
      <Title order={2} fz="md" id="card-summary-title" mb="sm">
        {m.summary}
      </Title>
      <div className={classes.layout}>
        <CardImage logo={card?.logo ?? account.logo} holder={{ last4: selected.shownLast4, name }} />
        <Stack gap="xs">
          <dl className={classes.pairs}>
            <div>
              <dt>{m.holder}</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>{m.cpf}</dt>
              <dd>
                <MaskedCpf
                  documentNumber={holder?.documentNumber ?? account.documentNumber}
                  uuid={account.uuid}
                  holder={name}
                  fz="inherit"
                />
              </dd>
            </div>
            <div>
              <dt>{m.card}</dt>
              <dd>{maskedLast4(selected.shownLast4)}</dd>
            </div>
            <div>
              <dt>{m.modality}</dt>
              <dd>{holder ? holder.modality : <Skeleton height={14} width={120} />}</dd>
            </div>
            <div>
              <dt>{m.status}</dt>
              <dd>
                <Group gap={6} justify="flex-end">
                  <StatusBadge card={state} />
                  {cancelled ? <ToneBadge tone="gray">{m.cancelledAccount}</ToneBadge> : null}
                </Group>
              </dd>
            </div>
          </dl>
          {limit ? (
            <Stack gap={4}>
              <Group justify="space-between" fz="sm">
                <Text fz="sm" c="gray.7">
                  {m.limit}
                </Text>
                <Text fz="sm" fw={600}>
                  {formatBRL(limit.creditLimit)}
                </Text>
              </Group>
              <Progress.Root size="md">
                <Progress.Section
                  value={usedPercent}
                  color="teal.9"
                  aria-label={m.usedBar}
                  aria-valuetext={`${Math.round(usedPercent)}%`}
                />
              </Progress.Root>
              {[
                { label: m.used, value: limit.availableCreditLimitUsed },
                { label: m.available, value: limit.availableLimit },
              ].map((row) => (
                <Group key={row.label} justify="space-between" gap="xs">
                  <Text fz="sm" c="gray.7">
                    {row.label}
                  </Text>
                  <Text fz="sm" fw={600}>
                    {formatBRL(row.value)}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <Skeleton height={48} />
          )}
        </Stack>
      </div>
    </Paper>
  );
}
