import { useQuery } from '@tanstack/react-query';
import { getAccountsPage } from '../../../api/accounts-page.ts';

/** The company's kept card-account total, as the first accounts page reports it (the provider never recounts). */
export const useCardsTotal = (company: { cnpj: string; relationCode: string }) =>
  useQuery({
    queryKey: ['cardsTotal', company.cnpj, company.relationCode],
    queryFn: async () => (await getAccountsPage({ ...company, startAccount: '', direction: '' })).totalSubAccounts,
    meta: { silent: true },
  });
