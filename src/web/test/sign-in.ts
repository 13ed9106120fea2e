// The test operator signed in to every fixture company, the first chosen: with one profile in each when a screen test
// is about a profile's rights, or as the fixtures list them (no profile) when it is not.
import type { Profile } from '../../contracts/profiles.ts';
import { useAppStore } from '../lib/store/index.ts';
import { companies, loginAnswer } from './fixtures.ts';

export function signInAs(perfil?: Profile) {
  const company = companies[0]!;
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({
    usuario: loginAnswer.usuario,
    login: loginAnswer.login,
    companies: perfil ? companies.map((c) => ({ ...c, perfil })) : companies,
  });
  store.setCompany({ name: company.corporateName, cnpj: company.cnpj, relationCode: company.relationCode });
}
