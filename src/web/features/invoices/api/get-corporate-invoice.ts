import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CorporateInvoice, corporateInvoice } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

export interface InvoiceKey {
  cnpj: string;
  /** 'YYYY-MM-DD' */
  dueDate: string;
}

export async function getCorporateInvoice({ cnpj, dueDate }: InvoiceKey): Promise<CorporateInvoice> {
  return corporateInvoice.parse(await callApi('corporateInvoice', { headers: { dueDate, cnpj } }));
}

/** Any failure, a missing invoice included, is 'Fatura indisponível' on the screen (spec section 8). */
export const corporateInvoiceQueryOptions = (key: InvoiceKey) =>
  queryOptions({
    queryKey: ['corporateInvoice', key.cnpj, key.dueDate],
    queryFn: () => getCorporateInvoice(key),
    meta: { silent: true },
  });

export const useCorporateInvoice = (key: InvoiceKey | null) =>
  useQuery({ ...corporateInvoiceQueryOptions(key ?? { cnpj: '', dueDate: '' }), enabled: key !== null });
