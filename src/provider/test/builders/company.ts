// A company of the test's own, and the operators linked to it: what a test about a company's cards, users or
// invoices acts on, instead of a seeded company found by its demo name.
import { eq } from 'drizzle-orm';
import type { Profile } from '../../../contracts/profiles.ts';
import { companies, portalUsers, userCompanies } from '../../db/schema.ts';
import type { Builds } from './types.ts';
import { freshCnpj, next } from './values.ts';

export interface BuiltCompany {
  id: number;
  cnpj: string;
  relationCode: string;
  corporateName: string;
}

/** A login, or a login with the profile it has in the company (Administrador when not said). */
export type Member = string | { login: string; profile: Profile };

export interface CompanyOptions {
  corporateName?: string;
  relationCode?: string;
  /**
   * Existing users linked to it: the demo operator among them for a company the test signs in to as the demo
   * operator; users the test built are linked by buildUser.
   */
  members?: readonly Member[];
  /** The relationship's total credit (proposal code 38): R$ 10 million unless said, so no built card reaches it. */
  relationshipLimit?: string;
  requireSecondFactor?: boolean;
}

export async function buildCompany(t: Builds, opts: CompanyOptions = {}): Promise<BuiltCompany> {
  const n = next();
  const [row] = await t.db
    .insert(companies)
    .values({
      cnpj: freshCnpj(),
      corporateName: opts.corporateName ?? `Empresa de Teste ${n} Ltda`,
      // Six digits like the platform's codes, from a range the seeded companies (000101…000303) are not in.
      relationCode: opts.relationCode ?? String(500_000 + n),
      relationshipLimit: opts.relationshipLimit ?? '10000000.00',
      requireSecondFactor: opts.requireSecondFactor ?? false,
    })
    .returning();
  if (!row) throw new Error('company insert returned nothing');
  const company = { id: row.id, cnpj: row.cnpj, relationCode: row.relationCode, corporateName: row.corporateName };
  for (const member of opts.members ?? []) {
    const { login, profile } = typeof member === 'string' ? { login: member, profile: undefined } : member;
    await linkUser(t, login, company, profile);
  }
  return company;
}

/** Links a user (by id, or by login) to a company with a profile (Administrador when not said). */
export async function linkUser(
  t: Builds,
  user: { id: string } | string,
  company: { id: number },
  profile: Profile = 'ADMINISTRADOR',
): Promise<void> {
  const userId = typeof user === 'string' ? await userIdOf(t, user) : user.id;
  await t.db.insert(userCompanies).values({ userId, companyId: company.id, profile });
}

async function userIdOf(t: Builds, login: string): Promise<string> {
  const [row] = await t.db
    .select({ id: portalUsers.id })
    .from(portalUsers)
    .where(eq(portalUsers.login, login.toLowerCase()));
  if (!row) throw new Error(`no user ${login}`);
  return row.id;
}

/** Sets a built company's relationship limit (the ceiling tests). */
export async function setRelationshipLimit(t: Builds, company: { id: number }, limit: string): Promise<void> {
  await t.db.update(companies).set({ relationshipLimit: limit }).where(eq(companies.id, company.id));
}
