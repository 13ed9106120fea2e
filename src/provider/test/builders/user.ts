// A portal user of the test's own: its companies and profiles, its status, and a password it signs in with when the
// test needs one.
import type { Profile } from '../../../contracts/profiles.ts';
import { portalUsers, userCompanies } from '../../db/schema.ts';
import { hashPassword } from '../../services/passwords.ts';
import { temporaryPasswordExpiry } from '../../services/temporary-password-expiry.ts';
import type { BuiltCompany } from './company.ts';
import type { Builds } from './types.ts';
import { ascii, freshCpf, freshName, next } from './values.ts';

export interface BuiltUser {
  id: string;
  login: string;
  document: string;
  email: string;
  name: string;
  /** What it signs in with; undefined for a user built without a password, who cannot sign in. */
  password: string | undefined;
}

/** A company, or a company with the user's profile in it (the `profile` option's, or Consulta, when not said). */
export type Membership = Pick<BuiltCompany, 'id'> | { company: Pick<BuiltCompany, 'id'>; profile: Profile };

export interface UserOptions {
  companies?: readonly Membership[];
  /** The profile in each company that does not name its own; Consulta (what the portal gives) when not said. */
  profile?: Profile;
  status?: 'ATIVO' | 'INATIVO';
  /** Signs in with this password; without one the user has an unusable hash. */
  password?: string;
  /** The password is a temporary one (first access pending, 72 hours from `now`). */
  temporary?: { now: Date };
  /** Skipped by the second-factor requirement like the seeded operators (true unless said; decision 091). */
  exempt?: boolean;
  login?: string;
  name?: string;
  email?: string;
  failedLogins?: number;
  lockedUntil?: Date | null;
}

// scrypt at the OWASP cost takes a while: a password used twice in a file is hashed once.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export async function buildUser(t: Builds, opts: UserOptions = {}): Promise<BuiltUser> {
  const n = next();
  const name = opts.name ?? freshName();
  const login = (opts.login ?? `${ascii(name.split(' ')[0] ?? 'usuario').toLowerCase()}.teste${n}`).toLowerCase();
  const [row] = await t.db
    .insert(portalUsers)
    .values({
      login,
      document: freshCpf(),
      name,
      email: opts.email ?? `${login}@exemplo.com.br`,
      ddi: 55,
      ddd: 11,
      mobile: 900_000_000 + n,
      status: opts.status ?? 'ATIVO',
      passwordHash: opts.password ? await hashOf(opts.password) : 'scrypt$unusable',
      mustChangePassword: opts.temporary !== undefined,
      temporaryPasswordExpiresAt: opts.temporary ? temporaryPasswordExpiry(opts.temporary.now) : null,
      failedLogins: opts.failedLogins ?? 0,
      lockedUntil: opts.lockedUntil ?? null,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  const links = (opts.companies ?? []).map((m) =>
    'company' in m
      ? { userId: row.id, companyId: m.company.id, profile: m.profile }
      : { userId: row.id, companyId: m.id, profile: opts.profile ?? 'CONSULTA' },
  );
  if (links.length > 0) await t.db.insert(userCompanies).values(links);
  if (opts.password && (opts.exempt ?? true)) t.exemptFromSecondFactor?.(login);
  return { id: row.id, login, document: row.document, email: row.email, name, password: opts.password };
}
