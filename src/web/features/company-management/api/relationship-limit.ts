import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

/**
 * GET /v1/corporate/limit: the relationship's limit, what its cards commit and what is free. Read afresh each time
 * the screen opens: any card's limit change or cancel, by this operator or another, moves it.
 */
export const useRelationshipLimit = (company: { cnpj: string; relationCode: string }) =>
  useQuery({
    queryKey: ['relationshipLimit', company.cnpj, company.relationCode],
    staleTime: 0,
    queryFn: () => api.relationshipLimit({ headers: { cnpj: company.cnpj, relationcode: company.relationCode } }),
    meta: { silent: true },
  });
