import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../../api/index.ts';
import { historyDueDates } from '../lib/history.ts';
import { cardKey } from './keys.ts';

/** GET /v2/authorization/history/consult/{uuid}: every authorization; the screen filters them. */
export async function getAuthorizations(uuid: string, last4: string) {
  const answer = await api.authorizationHistory({ params: { uuid }, headers: { last4digits: last4 } });
  return answer.authorizations;
}

/** The current due date and the three before it, then each one's transactions, merged with their due date. */
export async function getRecentTransactions(uuid: string, last4: string, today = dayjs().format('YYYY-MM-DD')) {
  const { listInvoiceDueDate } = await api.invoiceDueDates({ params: { uuid }, headers: { last4digits: last4 } });
  const chosen = historyDueDates(
    listInvoiceDueDate.map((d) => d.invoiceDueDate),
    today,
  );
  const lists = await Promise.all(
    chosen.map(async (dueDate) => {
      const { transactions } = await api.invoiceTransactions({
        params: { uuid },
        headers: { duedate: dueDate, last4digits: last4 },
      });
      return transactions.map((t) => ({ ...t, dueDate }));
    }),
  );
  return { dueDates: chosen, transactions: lists.flat() };
}

export const useAuthorizations = (uuid: string, last4: string) =>
  useQuery({
    queryKey: [...cardKey(uuid), 'authorizations', last4],
    queryFn: () => getAuthorizations(uuid, last4),
    meta: { silent: true },
  });

export const useRecentTransactions = (uuid: string, last4: string) =>
  useQuery({
    queryKey: [...cardKey(uuid), 'transactions', last4],
    queryFn: () => getRecentTransactions(uuid, last4),
    meta: { silent: true },
  });
