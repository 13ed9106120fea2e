import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

/** GET whether the company requires a second factor of every profile (decision 091). */
export const getCompanySecurity = (cnpj: string) => api.companySecurity({ headers: { cnpj } });

export const companySecurityKey = (cnpj: string) => ['companySecurity', cnpj] as const;

/** Silent: the panel says a failed read in its own place. */
export const companySecurityQuery = (cnpj: string) =>
  queryOptions({ queryKey: companySecurityKey(cnpj), queryFn: () => getCompanySecurity(cnpj), meta: { silent: true } });

/** Read only by who may change it (users.manage): nobody else is asked, so no call is refused. */
export const useCompanySecurity = (cnpj: string, enabled: boolean) =>
  useQuery({ ...companySecurityQuery(cnpj), enabled });

/** PUT the rule (asks the step-up first); the answer is the rule as now stored, kept as the query's data. */
export function useUpdateCompanySecurity(cnpj: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exigirSegundoFator: boolean) =>
      api.updateCompanySecurity({ headers: { cnpj }, body: { exigirSegundoFator } }),
    meta: { silent: true },
    onSuccess: (answer) => queryClient.setQueryData(companySecurityKey(cnpj), answer),
  });
}
