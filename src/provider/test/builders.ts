// Builders: the rows a test depends on, made by the test itself (issue 26), so what it reads is what it wrote.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Profile } from '../../contracts/profiles.ts';
import { companies, portalUsers, userCompanies } from '../db/schema.ts';
import { cpfFrom } from '../db/seed/seed.ts';
import type { Harness } from './harness.ts';

let seq = 0;

/** A valid CPF no seeded row holds (the seed draws from another range). */
export const freshCpf = () =>
  cpfFrom(`7${String(process.pid % 1000).padStart(3, '0')}${String(seq++ % 100_000).padStart(5, '0')}`);

export interface BuiltUser {
  id: string;
  login: string;
  document: string;
  email: string;
  name: string;
}

/**
 * A portal user linked to the given companies (by CNPJ) with a profile in each, signing in with `password` when given
 * (hashed like the demo's), otherwise unusable for sign-in.
 */
export async function buildUser(
  h: Harness,
  opts: { cnpjs: readonly string[]; profile?: Profile; status?: 'ATIVO' | 'INATIVO'; passwordOf?: string },
): Promise<BuiltUser> {
  const n = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
  const login = `construido.${n}`;
  const name = `Usuária Construída ${n}`.slice(0, 60);
  const [hash] = opts.passwordOf
    ? await h.db
        .select({ hash: portalUsers.passwordHash })
        .from(portalUsers)
        .where(eq(portalUsers.login, opts.passwordOf))
    : [{ hash: 'scrypt$unusable' }];
  const [row] = await h.db
    .insert(portalUsers)
    .values({
      login,
      document: freshCpf(),
      name,
      email: `${login}@exemplo.com.br`,
      ddi: 55,
      ddd: 11,
      mobile: 912345678,
      status: opts.status ?? 'ATIVO',
      passwordHash: hash?.hash ?? 'scrypt$unusable',
      mustChangePassword: false,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  for (const cnpj of opts.cnpjs) {
    const [company] = await h.db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, cnpj));
    if (!company) throw new Error(`no company ${cnpj}`);
    await h.db
      .insert(userCompanies)
      .values({ userId: row.id, companyId: company.id, profile: opts.profile ?? 'CONSULTA' });
  }
  return { id: row.id, login, document: row.document, email: row.email, name };
}
