// The companies an operator may act for: the only ones whose data the provider hands out to them.
import { and, asc, eq, sql } from 'drizzle-orm';
import { reaisOf } from '../../contracts/money.ts';
import type { Profile } from '../../contracts/profiles.ts';
import type { Company, RelationshipLimitResponse } from '../../contracts/schemas.ts';
import type { Db } from '../db/client.ts';
import { preparedRead } from '../db/prepared.ts';
import { companies, userCompanies } from '../db/schema.ts';
import { relationshipLimit } from './limit-usage.ts';
import { requireLinkedPermission, storedProfile } from './profiles.ts';

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

/** The company, when this user may act for it; null otherwise (unknown and forbidden look the same). */
const companyOfUserRead = preparedRead('company_of_user', (db, name) =>
  db
    .select({ id: companies.id, totalSubAccounts: companies.totalSubAccounts, profile: userCompanies.profile })
    .from(companies)
    .innerJoin(
      userCompanies,
      and(eq(userCompanies.companyId, companies.id), eq(userCompanies.userId, sql.placeholder('userId'))),
    )
    .where(
      and(eq(companies.cnpj, sql.placeholder('cnpj')), eq(companies.relationCode, sql.placeholder('relationCode'))),
    )
    .prepare(name),
);

export async function companyOfUser(db: Db, userId: string, cnpj: string, relationCode: string) {
  const [row] = await companyOfUserRead(db).execute({ userId, cnpj, relationCode });
  if (!row) return null;
  requireLinkedPermission(row.profile);
  return { id: row.id, totalSubAccounts: row.totalSubAccounts };
}

/** The relationship's limit, what its cards commit and what is left free (the figure proposals and raises use). */
export async function relationshipLimitOf(
  db: Db,
  userId: string,
  cnpj: string,
  relationCode: string,
): Promise<RelationshipLimitResponse | null> {
  const company = await companyOfUser(db, userId, cnpj, relationCode);
  if (!company) return null;
  const { limit, committed } = await relationshipLimit(db, company.id);
  return {
    relationshipLimit: reaisOf(limit),
    committedLimit: reaisOf(committed),
    freeLimit: reaisOf(limit - committed),
  };
}
