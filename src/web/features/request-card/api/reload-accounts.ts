import { api } from '../../../api/index.ts';
import type { CurrentCompany } from '../../../lib/store/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';

/** After a card is issued, the company's first page and count are read again so /home shows the new holder. */
export async function reloadAccounts(company: CurrentCompany): Promise<void> {
  const accounts = await api.accounts({
    headers: { cnpj: company.cnpj, relationcode: company.relationCode, startaccount: '', direction: '' },
  });
  useAppStore.getState().setAccounts(accounts);
}
