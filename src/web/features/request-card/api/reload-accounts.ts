import { accountsResponse } from '../../../../contracts/index.ts';
import type { CurrentCompany } from '../../../lib/store/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

/** After a card is issued, the company's first page and count are read again so /home shows the new holder. */
export async function reloadAccounts(company: CurrentCompany): Promise<void> {
  const data = await callApi('accounts', {
    headers: { cnpj: company.cnpj, relationCode: company.relationCode, startAccount: '', direction: '' },
  });
  useAppStore.getState().setAccounts(accountsResponse.parse(data));
}
