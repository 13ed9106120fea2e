import { Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { type Authorization, type InvoiceTransaction, messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatBRL, formatCurrency } from '../../../ui/format.ts';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ToneBadge } from '../../../ui/status-badge.tsx';
import { useAuthorizations, useRecentTransactions } from '../api/history.ts';
import { Screen } from '../components/screen.tsx';
import { authorizationStatus, historyDate, historyTime, keptAuthorizations, keptTransactions } from '../lib/history.ts';
import { useSelectedCard } from '../lib/selected-card.ts';

const m = messages.history;

const STATUS_COLORS: Record<string, string> = { APROVADA: 'green', NEGADA: 'red', CANCELADA: 'gray' };

function StatusText({ status }: { status: string }) {
  const color = STATUS_COLORS[status] ?? 'blue';
  return <ToneBadge tone={color}>{status}</ToneBadge>;
}

const authorizationColumns: Column<Authorization>[] = [
  { key: 'date', label: m.date, primary: true, render: (a) => historyDate(a.tmsInclH) },
  { key: 'establishment', label: m.establishment, render: (a) => a.establishmentName },
  { key: 'number', label: m.authorization, render: (a) => a.numAuthorization },
  { key: 'installments', label: m.installments, render: (a) => a.qtdParcel },
  {
    key: 'value',
    label: m.value,
    render: (a) => <span style={{ whiteSpace: 'nowrap' }}>{formatCurrency(a.mainValue, a.coinCode)}</span>,
  },
  { key: 'status', label: m.status, render: (a) => <StatusText status={authorizationStatus(a)} /> },
];

type DatedTransaction = InvoiceTransaction & { dueDate: string };
const transactionColumns: Column<DatedTransaction>[] = [
  { key: 'date', label: m.date, primary: true, render: (t) => historyDate(t.date) },
  { key: 'description', label: m.description, render: (t) => t.description },
  { key: 'card', label: m.card, render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{t.numCard}</span> },
  { key: 'installment', label: m.installment, render: (t) => t.numParcelOf || '—' },
  {
    key: 'national',
    label: m.national,
    render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{formatBRL(t.valueTransactionNational)}</span>,
  },
  {
    key: 'international',
    label: m.international,
    render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{formatCurrency(t.valueTransactionInternational, 840)}</span>,
  },
  { key: 'due', label: m.dueDate, render: (t) => dayjs(t.dueDate).format('DD/MM/YYYY') },
];

/** /home/details/history: the authorizations (filtered, mapped, shifted a minute) and the recent invoices' transactions. */
export default function HistoryRoute() {
  const selected = useSelectedCard()!;
  const authorizations = useAuthorizations(selected.uuid, selected.last4);
  const transactions = useRecentTransactions(selected.uuid, selected.last4);

  const kept = authorizations.data
    ? keptAuthorizations(authorizations.data).sort((a, b) => historyTime(b.tmsInclH) - historyTime(a.tmsInclH))
    : [];
  const keptTx = transactions.data
    ? keptTransactions(transactions.data.transactions).sort((a, b) => historyTime(b.date) - historyTime(a.date))
    : [];

  return (
    <Screen title={m.title}>
      <Stack gap="lg">
        <section aria-labelledby="authorizations-title">
          <Title order={3} fz="lg" mb="sm" id="authorizations-title">
            {m.authorizations}
          </Title>
          {authorizations.isPending ? (
            <Spinner label={m.loading} />
          ) : authorizations.isError ? (
            <FormAlert message={m.failure} />
          ) : kept.length === 0 ? (
            <Text c="gray.7">{m.empty}</Text>
          ) : (
            <ResponsiveTable
              columns={authorizationColumns}
              rows={kept}
              rowKey={(a) => `${a.numAuthorization}-${a.tmsInclH}`}
              label={m.authorizations}
              minWidth={720}
            />
          )}
        </section>
        <section aria-labelledby="transactions-title">
          <Title order={3} fz="lg" mb="sm" id="transactions-title">
            {m.transactions}
          </Title>
          {transactions.isPending ? (
            <Spinner label={m.loading} />
          ) : transactions.isError ? (
            <FormAlert message={m.transactionsFailure} />
          ) : keptTx.length === 0 ? (
            <Text c="gray.7">{m.transactionsEmpty}</Text>
          ) : (
            <ResponsiveTable
              columns={transactionColumns}
              rows={keptTx}
              rowKey={(t) => `${t.dueDate}-${t.date}-${t.description}-${t.numParcelOf}-${t.valueTransactionNational}`}
              label={m.transactions}
              minWidth={760}
            />
          )}
        </section>
      </Stack>
    </Screen>
  );
}
