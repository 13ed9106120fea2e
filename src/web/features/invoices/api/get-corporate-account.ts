import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CorporateAccountResponse, corporateAccountResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

export interface Relationship {
  cnpj: string;
  relationCode: string;
}

/** The relationship's own account, whose uuid and card the due-date list is asked with. */
export async function getCorporateAccount({ cnpj, relationCode }: Relationship): Promise<CorporateAccountResponse> {
  return corporateAccountResponse.parse(await callApi('corporateAccount', { headers: { cnpj, relationCode } }));
}

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
