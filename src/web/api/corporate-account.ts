import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './index.ts';

export interface Relationship {
  cnpj: string;
  relationCode: string;
}

/** The relationship's own account: the invoices ask the due dates with its uuid and card, the company screen shows it. */
export const getCorporateAccount = ({ cnpj, relationCode }: Relationship) =>
  api.corporateAccount({ headers: { cnpj, relationcode: relationCode } });

/** A failure shows as 'Fatura indisponível' on the screen, not as a notification. */
export const corporateAccountQueryOptions = (relationship: Relationship) =>
  queryOptions({
    queryKey: ['corporateAccount', relationship.cnpj, relationship.relationCode],
    queryFn: () => getCorporateAccount(relationship),
    meta: { silent: true },
  });

export const useCorporateAccount = (relationship: Relationship | null) =>
  useQuery({
    ...corporateAccountQueryOptions(relationship ?? { cnpj: '', relationCode: '' }),
    enabled: relationship !== null,
  });
