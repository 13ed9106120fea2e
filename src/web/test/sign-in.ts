// The test operator signed in with one profile in every fixture company, the first chosen: how a screen test that is
// about a profile's rights starts.
import type { Profile } from '../../contracts/profiles.ts';
import { useAppStore } from '../lib/store/index.ts';
import { companies } from './fixtures.ts';

export function signInAs(perfil: Profile) {
  const company = companies[0]!;
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({
    usuario: 'Maria Operadora',
    login: 'maria.operadora',
    companies: companies.map((c) => ({ ...c, perfil })),
  });
  store.setCompany({ name: company.corporateName, cnpj: company.cnpj, relationCode: company.relationCode });
}
