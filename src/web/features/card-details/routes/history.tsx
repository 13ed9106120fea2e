import { Box, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { DENIED } from '../../../../contracts/authorization-status.ts';
import {
  type Authorization,
  type InvoiceTransaction,
  type LimitResponse,
  messages,
} from '../../../../contracts/index.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatBRL, formatCurrency } from '../../../ui/format.ts';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ToneBadge } from '../../../ui/status-badge.tsx';
import { isPermanentlyBlocked, useConsult } from '../api/get-consult.ts';
import { useHolder } from '../api/get-holder.ts';
import { useLimit } from '../api/get-limit.ts';
import { useAuthorizations, useRecentTransactions } from '../api/history.ts';
import { DeclineExplanation } from '../components/decline-explanation.tsx';
import { Screen } from '../components/screen.tsx';
import {
  authorizationStatus,
  type CardFixState,
  historyDate,
  historyTime,
  keptAuthorizations,
  keptTransactions,
} from '../lib/history.ts';
import { type SelectedCard, useSelectedCard } from '../lib/selected-card.ts';

const m = messages.history;

const STATUS_COLORS: Record<string, string> = { APROVADA: 'green', NEGADA: 'red', CANCELADA: 'gray' };

function StatusText({ status }: { status: string }) {
  const color = STATUS_COLORS[status] ?? 'blue';
  return <ToneBadge tone={color}>{status}</ToneBadge>;
}

/**
 * Until the details column holds the table and a decline's explanation (about 1000 px, from a 1920 px screen), the
 * authorizations stack as items, the explanation at the foot of its item: as a table, the explanation's column sat
 * beyond the scroll edge at 768, 1280 and 1440 px (decision 081).
 */
const STACK_AUTHORIZATIONS_BELOW = '119.99em';

/** The card's state and limit today, which decide the fix a decline offers and the limit it suggests. */
interface DeclineContext {
  card: CardFixState | null;
  limit: LimitResponse | undefined;
}

const authorizationColumns = ({ card, limit }: DeclineContext): Column<Authorization>[] => [
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
  {
    key: 'decline',
    label: messages.declines.column,
    footer: true,
    render: (a) =>
      authorizationStatus(a) === DENIED ? <DeclineExplanation authorization={a} card={card} limit={limit} /> : null,
  },
];

/** What the fixes need to know of the card; null until the consult answers (a failed one offers no fix). */
function useDeclineContext(selected: SelectedCard): DeclineContext {
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

/**
 * /home/details/history: the authorizations (filtered, mapped, shifted a minute, a NEGADA one explained) and the
 * recent invoices' transactions.
 */
export default function HistoryRoute() {
  const selected = useSelectedCard()!;
  const authorizations = useAuthorizations(selected.uuid, selected.last4);
  const transactions = useRecentTransactions(selected.uuid, selected.last4);
  const declineContext = useDeclineContext(selected);

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
          {kept.length > 0 ? (
            <Box mb="sm">
              <ExportButton
                kind="authorizations"
                label={messages.exports.authorizations}
                filters={{ uuid: selected.uuid, last4: selected.last4 }}
              />
            </Box>
          ) : null}
          {authorizations.isPending ? (
            <Spinner label={m.loading} />
          ) : authorizations.isError ? (
            <FormAlert message={m.failure} />
          ) : kept.length === 0 ? (
            <Text c="gray.7">{m.empty}</Text>
          ) : (
            <ResponsiveTable
              columns={authorizationColumns(declineContext)}
              rows={kept}
              rowKey={(a) => `${a.numAuthorization}-${a.tmsInclH}`}
              label={m.authorizations}
              stackBelow={STACK_AUTHORIZATIONS_BELOW}
              minWidth={720}
            />
          )}
        </section>
        <section aria-labelledby="transactions-title">
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
