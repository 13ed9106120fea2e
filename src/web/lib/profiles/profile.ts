// The chosen company's profile (issue 16), read from the companies of the login or session answer the store keeps.
import { PROFILES, type Profile } from '../../../contracts/profiles.ts';
import type { AppState } from '../store/index.ts';

const isProfile = (value: unknown): value is Profile =>
  typeof value === 'string' && (PROFILES as readonly string[]).includes(value);

/**
 * The operator's profile in the chosen company. `undefined`: not known yet (after a reload, until the session is
 * read again), so nothing is decided. A company without `perfil` (the login and session answers always carry it;
 * only a state written by hand, as the screens' tests do, lacks it) counts as Administrador, as every operator was
 * before profiles; the provider refuses what the profile may not do anyway.
 */
export function profileOf(state: Pick<AppState, 'authenticate' | 'company'>): Profile | undefined {
  const user = state.authenticate.user;
  if (!user || !state.company) return undefined;
  const { cnpj, relationCode } = state.company;
  const entry = user.companies.find((c) => c.cnpj === cnpj && c.relationCode === relationCode);
  return isProfile(entry?.perfil) ? entry.perfil : 'ADMINISTRADOR';
}
