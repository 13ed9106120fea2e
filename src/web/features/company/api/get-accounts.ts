import { useMutation } from '@tanstack/react-query';
import { type AccountsResponse, accountsResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

export interface AccountsPage {
  cnpj: string;
  relationCode: string;
  /** Empty for the first page; otherwise the keyset cursor. */
  startAccount?: string;
  /** N (next) or P (previous); empty for the first page. */
  direction?: '' | 'N' | 'P';
}

export async function getAccounts({ cnpj, relationCode, startAccount = '', direction = '' }: AccountsPage) {
  const data = await callApi('accounts', { headers: { cnpj, relationCode, startAccount, direction } });
  return accountsResponse.parse(data) as AccountsResponse;
}

export const useLoadAccounts = () => useMutation({ mutationFn: getAccounts });
