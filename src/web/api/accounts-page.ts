import { api } from './index.ts';

export interface AccountsPageQuery {
  cnpj: string;
  relationCode: string;
  /** Empty for the first page; otherwise the keyset cursor (an account number). */
  startAccount: string;
  /** N (next) or P (previous); empty for the first page. */
  direction: '' | 'N' | 'P';
}

/**
 * GET /v1/corporate/accounts: one keyset page of 50 sub-accounts with the kept total (the cards list pages with it,
 * the company screen reads the total). The schemas load with the call, so zod stays out of /home's first paint.
 */
export const getAccountsPage = ({ cnpj, relationCode, startAccount, direction }: AccountsPageQuery) =>
  api.accounts({ headers: { cnpj, relationcode: relationCode, startaccount: startAccount, direction } });
