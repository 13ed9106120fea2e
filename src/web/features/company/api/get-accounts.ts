import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export interface AccountsPage {
  cnpj: string;
  relationCode: string;
  /** Empty for the first page; otherwise the keyset cursor. */
  startAccount?: string;
  /** N (next) or P (previous); empty for the first page. */
  direction?: '' | 'N' | 'P';
}

export const getAccounts = ({ cnpj, relationCode, startAccount = '', direction = '' }: AccountsPage) =>
  api.accounts({ headers: { cnpj, relationcode: relationCode, startaccount: startAccount, direction } });

export const useLoadAccounts = () => useMutation({ mutationFn: getAccounts });
