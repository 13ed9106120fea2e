import type { AccountsResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { loadCardSchemas } from './schemas.ts';

export interface AccountsPageQuery {
  cnpj: string;
  relationCode: string;
  /** Empty for the first page; otherwise the keyset cursor (an account number). */
  startAccount: string;
  /** N (next) or P (previous); empty for the first page. */
  direction: '' | 'N' | 'P';
}

/** GET /v1/corporate/accounts: one keyset page of 50 sub-accounts with the kept total. */
export async function getAccountsPage({ cnpj, relationCode, startAccount, direction }: AccountsPageQuery) {
  const [data, { accountsResponse }] = await Promise.all([
    callApi('accounts', { headers: { cnpj, relationCode, startAccount, direction } }),
    loadCardSchemas(),
  ]);
  return accountsResponse.parse(data) as AccountsResponse;
}
