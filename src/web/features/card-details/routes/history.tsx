import { Box, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { type InvoiceTransaction, messages } from '../../../../contracts/index.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import { formatCurrency } from '../../../ui/format.ts';
import { ReadFailure } from '../../../ui/read-failure.tsx';
import { type Column, foldedLines, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SignedAmount } from '../../../ui/signed-amount.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { isPermanentlyBlocked, useConsult } from '../api/get-consult.ts';
import { useHolder } from '../api/get-holder.ts';
import { useLimit } from '../api/get-limit.ts';
import { useRecentTransactions } from '../api/history.ts';
import { CardSpend } from '../components/card-spend.tsx';
import type { DeclineExplanationProps } from '../components/decline-explanation.tsx';
import { Screen } from '../components/screen.tsx';
import { historyDate, historyTime, keptTransactions } from '../lib/history.ts';
import { type SelectedCard, useSelectedCard } from '../lib/selected-card.ts';

const m = messages.history;

/** What the fixes need to know of the card; null until the consult answers (a failed one offers no fix). */
function useDeclineContext(selected: SelectedCard): Omit<DeclineExplanationProps, 'authorization'> {
  const consult = useConsult(selected);
  const holder = useHolder(selected.uuid);
  const limit = useLimit(selected.uuid, selected.last4);
  const card = consult.data
    ? {
        permanentlyBlocked: isPermanentlyBlocked(consult.data),
        blocked: consult.data.status === 'Blocked',
        passwordBlocked: consult.data.passwordBlocked,
        cancelled: holder.data?.accountStatusDescription === 'CANCELADA',
      }
    : null;
  return { card, limit: limit.data };
}

/** Payments (PGT) and credits (CRE) are money in, "+ R$ 50,00" in green; the other groups are purchases, money out. */
const MONEY_IN_GROUPS = ['PGT', 'CRE'];
function Signed({ value, coinCode, group }: { value: number; coinCode: number; group: string }) {
  if (value === 0) return <span style={{ whiteSpace: 'nowrap' }}>{formatCurrency(0, coinCode)}</span>;
  return <SignedAmount value={value} coinCode={coinCode} flow={MONEY_IN_GROUPS.includes(group) ? 'in' : 'out'} />;
}

type DatedTransaction = InvoiceTransaction & { dueDate: string };
const transactionColumns: Column<DatedTransaction>[] = [
  { key: 'date', label: m.date, primary: true, render: (t) => historyDate(t.date) },
  { key: 'description', label: m.description, render: (t) => t.description },
  { key: 'card', label: m.card, render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{t.numCard}</span> },
  { key: 'installment', label: m.installment, render: (t) => t.numParcelOf || '—' },
  {
    key: 'national',
    label: m.national,
    render: (t) => <Signed value={t.valueTransactionNational} coinCode={986} group={t.abbreviationGroup} />,
  },
  {
    key: 'international',
    label: m.international,
    render: (t) => <Signed value={t.valueTransactionInternational} coinCode={840} group={t.abbreviationGroup} />,
  },
  { key: 'due', label: m.dueDate, render: (t) => dayjs(t.dueDate).format('DD/MM/YYYY') },
];

/** Below 1200 px (issue 27): the card and installment under the description, the value abroad under the national. */
const [dateColumn, descriptionColumn, , , nationalColumn, , dueColumn] =
  transactionColumns as Column<DatedTransaction>[];
const compactTransactionColumns: Column<DatedTransaction>[] = [
  dateColumn!,
  {
    ...descriptionColumn!,
    render: (t) => (
      <>
        {t.description}
        {foldedLines(`${m.card} ${t.numCard} · ${m.installment} ${t.numParcelOf || '—'}`)}
      </>
    ),
  },
  {
    ...nationalColumn!,
    label: m.value,
    render: (t) => (
      <>
        <Signed value={t.valueTransactionNational} coinCode={986} group={t.abbreviationGroup} />
        {t.valueTransactionInternational !== 0
          ? foldedLines(
              <>
                {m.international}:{' '}
                <Signed value={t.valueTransactionInternational} coinCode={840} group={t.abbreviationGroup} />
              </>,
            )
          : null}
      </>
    ),
  },
  dueColumn!,
];

/**
 * /home/details/history: the authorizations (filtered, mapped, shifted a minute, a NEGADA one explained) and the
 * recent invoices' transactions.
 */
export default function HistoryRoute() {
  const selected = useSelectedCard()!;
  const transactions = useRecentTransactions(selected.uuid, selected.last4);
  const declineContext = useDeclineContext(selected);

  const keptTx = transactions.data
    ? keptTransactions(transactions.data.transactions).sort((a, b) => historyTime(b.date) - historyTime(a.date))
    : [];

  return (
    <Screen title={m.title}>
      <Stack gap="lg">
        {/* Plain groups under their headings: the tables inside are the named regions (one landmark per name). */}
        <div>
          <Title order={3} fz="lg" mb="sm" id="authorizations-title">
            {m.authorizations}
          </Title>
          <CardSpend selected={selected} context={declineContext} />
        </div>
        <div>
          <Title order={3} fz="lg" mb="sm" id="transactions-title">
            {m.transactions}
          </Title>
          {keptTx.length > 0 && transactions.data ? (
            <Box mb="sm">
              <ExportButton
                kind="transactions"
                label={messages.exports.transactions}
                filters={{ uuid: selected.uuid, last4: selected.last4, dueDates: transactions.data.dueDates }}
              />
            </Box>
          ) : null}
          {transactions.isPending ? (
            <Spinner label={m.loading} />
          ) : transactions.isError ? (
            <ReadFailure message={m.transactionsFailure} error={transactions.error} onRetry={transactions.refetch} />
          ) : keptTx.length === 0 ? (
            <Text c="gray.7">{m.transactionsEmpty}</Text>
          ) : (
            <ResponsiveTable
              columns={transactionColumns}
              rows={keptTx}
              rowKey={(t) => `${t.dueDate}-${t.date}-${t.description}-${t.numParcelOf}-${t.valueTransactionNational}`}
              label={m.transactions}
              minWidth={760}
              compact={{ below: '74.99em', columns: compactTransactionColumns }}
              dense
            />
          )}
        </div>
      </Stack>
    </Screen>
  );
}
