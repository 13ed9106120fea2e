// A portal user as the contract answers it, and as an audit row keeps it.
import type { UserStatus } from '../../../contracts/constants.ts';
import type { Profile } from '../../../contracts/profiles.ts';
import type { PortalUser } from '../../../contracts/schemas.ts';
import type { DbExecutor } from '../../db/client.ts';
import type { UserRow } from '../../http/scope/types.ts';
import { usersWithFactor } from '../second-factor.ts';

export function toPortalUser(row: UserRow, profile: Profile | null = null, secondFactor = false): PortalUser {
  return {
    id: row.id,
    login: row.login,
    nomeUsuario: row.name,
    email: row.email,
    numeroDocumento: row.document,
    ddi: row.ddi,
    ddd: row.ddd,
    numCelular: row.mobile,
    status: row.status as UserStatus,
    // Profiles (issue 16): the user's profile in the company at hand, in the spec's list.
    perfis: profile ? [profile] : [],
    // Second factor (decision 091): enrolled and confirmed.
    segundoFator: secondFactor,
  };
}

/** One user's answer with their second-factor flag. */
export async function portalUserOf(db: DbExecutor, row: UserRow, profile: Profile | null): Promise<PortalUser> {
  return toPortalUser(row, profile, (await usersWithFactor(db, [row.id])).has(row.id));
}

/** What an audit row keeps of a user: everything but secrets and counters. */
export function snapshot(row: UserRow) {
  const { id: _id, perfis: _perfis, segundoFator: _factor, ...rest } = toPortalUser(row);
  return rest;
}

export const targetOf = (row: Pick<UserRow, 'login'>) => `usuario:${row.login}`;
