import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export interface DueDatesKey {
  uuid: string;
  last4digits: string;
}

/** The relationship's due dates ('YYYY-MM-DD'), newest first. */
export async function getDueDates({ uuid, last4digits }: DueDatesKey): Promise<string[]> {
  const data = await api.invoiceDueDates({ params: { uuid }, headers: { last4digits } });
  return data.listInvoiceDueDate.map((d) => d.invoiceDueDate).sort((a, b) => b.localeCompare(a));
}

export const dueDatesQueryOptions = (key: DueDatesKey) =>
  queryOptions({
    queryKey: ['invoiceDueDates', key.uuid],
    queryFn: () => getDueDates(key),
    meta: { silent: true },
  });

export const useDueDates = (key: DueDatesKey | null) =>
  useQuery({ ...dueDatesQueryOptions(key ?? { uuid: '', last4digits: '' }), enabled: key !== null });
