import { Group, Paper, Progress, Skeleton, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AccountData, LimitResponse } from '../../../../contracts/index.ts';
import { messages } from '../../../../contracts/index.ts';
import { CardImage } from '../../../ui/card-image.tsx';
import { formatBRL, maskedLast4 } from '../../../ui/format.ts';
import { MaskedCpf } from '../../../ui/masked-cpf.tsx';
import { StatusBadge, ToneBadge } from '../../../ui/status-badge.tsx';
import type { SelectedCard } from '../lib/selected-card.ts';
import classes from './card-header.module.css';

interface CardHeaderProps {
  selected: SelectedCard;
  holder: AccountData | undefined;
  limit: LimitResponse | undefined;
  /** The limit's read failed: its figures say "—" (the limit screen says the failure). */
  limitFailed?: boolean;
}

const m = messages.cardDetails;
/** 'R$' never ends a line apart from its amount. */
const money = (value: number) => formatBRL(value).replace(' ', '\u00a0');

/**
 * The card's header on every card screen (decision 140): the spec's summary panel and card image, made one compact
 * band — the card image small, the holder, CPF, last four, modality and status chip in two lines, the limit with what
 * is used and available. Each figure is a term and its value (a `dl`), so it reads as "Portador: …" to a screen reader.
 */
/** A term read by screen readers only, and its value shown. */
function Pair({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <VisuallyHidden component="dt">{label}</VisuallyHidden>
      <dd className={className}>{children}</dd>
    </div>
  );
}

export function CardHeader({ selected, holder, limit, limitFailed = false }: CardHeaderProps) {
  const { account, card } = selected;
  const name = holder?.clientNameHolder ?? account.cardHolder;
  // The holder's data say whether the account is cancelled, which the stored row may predate (decision 116).
  const row = card ?? account;
  const state = { ...row, accountStatusDescription: holder?.accountStatusDescription ?? row.accountStatusDescription };
  const ratio = limit && limit.creditLimit > 0 ? limit.availableCreditLimitUsed / limit.creditLimit : 0;
  const usedPercent = Math.round(Math.min(1, Math.max(0, ratio)) * 1000) / 10;
  const cancelled = holder?.accountStatusDescription === 'CANCELADA';

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="card-summary-title">
      <VisuallyHidden>
        <Title order={2} id="card-summary-title">
          {m.summary}
        </Title>
      </VisuallyHidden>
      <div className={classes.header}>
        <div className={classes.image}>
          <CardImage logo={card?.logo ?? account.logo} holder={{ last4: selected.shownLast4, name }} />
        </div>
        <div className={classes.who}>
          <dl className={classes.line}>
            <Pair label={m.holder} className={classes.name}>
              {name}
            </Pair>
            <Pair label={m.status}>
              <Group gap={6}>
                <StatusBadge card={state} />
                {cancelled ? <ToneBadge tone="gray">{m.cancelledAccount}</ToneBadge> : null}
              </Group>
            </Pair>
          </dl>
          <dl className={classes.line}>
            <Pair label={m.cpf}>
              <MaskedCpf
                documentNumber={holder?.documentNumber ?? account.documentNumber}
                uuid={account.uuid}
                holder={name}
                fz="inherit"
              />
            </Pair>
            <Pair label={m.card}>{maskedLast4(selected.shownLast4)}</Pair>
            <Pair label={m.modality}>{holder ? holder.modality : <Skeleton height={14} width={120} />}</Pair>
          </dl>
        </div>
        {limit ? (
          <div className={classes.limitBox}>
            <dl className={classes.limit}>
              {[
                { label: m.limit, value: limit.creditLimit },
                { label: m.used, value: limit.availableCreditLimitUsed },
                { label: m.available, value: limit.availableLimit },
              ].map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{money(figure.value)}</dd>
                </div>
              ))}
            </dl>
            <Progress.Root size="sm" mt={4}>
              <Progress.Section
                value={usedPercent}
                color="teal.9"
                aria-label={m.usedBar}
                aria-valuetext={`${Math.round(usedPercent)}%`}
              />
            </Progress.Root>
          </div>
        ) : limitFailed ? (
          <dl className={`${classes.limitBox} ${classes.limit}`}>
            {[m.limit, m.used, m.available].map((label) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>—</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Skeleton height={40} className={classes.limitBox} />
        )}
      </div>
    </Paper>
  );
}
