// The companies an operator may act for: the only ones whose data the provider hands out to them.
import { asc, eq, sql } from 'drizzle-orm';
import { reaisOf } from '../../contracts/money.ts';
import type { Profile } from '../../contracts/profiles.ts';
import type { Company, RelationshipLimitResponse } from '../../contracts/schemas.ts';
import type { Db } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { companies, userCompanies } from '../db/schema.ts';
import { storedProfile } from '../http/scope/profile.ts';
import { relationshipLimit } from './limit-usage.ts';

const companiesRead = preparedRead('companies', (db, name) =>
  db
    .select({ corporateName: companies.corporateName, cnpj: companies.cnpj, relationCode: companies.relationCode })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(userCompanies.userId, sql.placeholder('userId')))
    .orderBy(asc(companies.corporateName))
    .prepare(name),
);

export async function listCompanies(db: Db, userId: string): Promise<Company[]> {
  return companiesRead(db).execute({ userId });
}

/** Profiles (issue 16): the operator's companies with their profile in each, as the login and session answer them. */
export async function sessionCompanies(db: Db, userId: string): Promise<(Company & { perfil: Profile })[]> {
  const rows = await db
    .select({
      corporateName: companies.corporateName,
      cnpj: companies.cnpj,
      relationCode: companies.relationCode,
      profile: userCompanies.profile,
    })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(userCompanies.userId, userId))
    .orderBy(asc(companies.corporateName));
  return rows.map(({ profile, ...company }) => ({ ...company, perfil: storedProfile(profile) }));
}

/** The relationship's limit, what its cards commit and what is left free (the figure proposals and raises use). */
export async function relationshipLimitOf(db: Db, companyId: number): Promise<RelationshipLimitResponse> {
  const { limit, committed } = await relationshipLimit(db, companyId);
  return {
    relationshipLimit: reaisOf(limit),
    committedLimit: reaisOf(committed),
    freeLimit: reaisOf(limit - committed),
  };
}
