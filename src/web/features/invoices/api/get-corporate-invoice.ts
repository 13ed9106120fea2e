import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export interface InvoiceKey {
  cnpj: string;
  /** 'YYYY-MM-DD' */
  dueDate: string;
}

export const getCorporateInvoice = ({ cnpj, dueDate }: InvoiceKey) =>
  api.corporateInvoice({ headers: { duedate: dueDate, cnpj } });

/** Any failure, a missing invoice included, is 'Fatura indisponível' on the screen (spec section 8). */
export const corporateInvoiceQueryOptions = (key: InvoiceKey) =>
  queryOptions({
    queryKey: ['corporateInvoice', key.cnpj, key.dueDate],
    queryFn: () => getCorporateInvoice(key),
    meta: { silent: true },
  });

export const useCorporateInvoice = (key: InvoiceKey | null) =>
  useQuery({ ...corporateInvoiceQueryOptions(key ?? { cnpj: '', dueDate: '' }), enabled: key !== null });
