// The company a call names, found with the operator's link to it in one statement: a company that is not theirs
// finds no row, exactly like one that does not exist (404 either way). The profile comes back with the row.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { can, type Permission } from '../../../contracts/profiles.ts';
import type { DbExecutor } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { companies, userCompanies } from '../../db/schema.ts';
import type { Principal } from '../../services/sessions.ts';
import { judgeProfile, refuseProfile, storedProfile } from './profile.ts';
import type { CompaniesScope, CompanyScope } from './types.ts';

/** What names a company: its CNPJ, its relation code, or both. */
export interface CompanyKey {
  cnpj?: string;
  relationCode?: string;
}

const companyRead = (db: DbExecutor, where: SQL | undefined) =>
  db
    .select({
      id: companies.id,
      cnpj: companies.cnpj,
      relationCode: companies.relationCode,
      corporateName: companies.corporateName,
      totalSubAccounts: companies.totalSubAccounts,
      profile: userCompanies.profile,
    })
    .from(companies)
    .innerJoin(
      userCompanies,
      and(eq(userCompanies.companyId, companies.id), eq(userCompanies.userId, sql.placeholder('userId'))),
    )
    .where(where)
    // Two rows only for a relation code shared by two of the operator's companies, which names no single one.
    .limit(2);

const byBoth = preparedRead('scope_company', (db, name) =>
  companyRead(
    db,
    and(eq(companies.cnpj, sql.placeholder('cnpj')), eq(companies.relationCode, sql.placeholder('relationCode'))),
  ).prepare(name),
);
const byCnpj = preparedRead('scope_company_cnpj', (db, name) =>
  companyRead(db, eq(companies.cnpj, sql.placeholder('cnpj'))).prepare(name),
);
const byRelation = preparedRead('scope_company_relation', (db, name) =>
  companyRead(db, eq(companies.relationCode, sql.placeholder('relationCode'))).prepare(name),
);

/** The operator's company of this key, judged for `permission`; null when it is not theirs (or not one). */
export async function companyScope(
  db: DbExecutor,
  principal: Principal,
  key: CompanyKey,
  permission: Permission | null,
): Promise<CompanyScope | null> {
  const userId = principal.userId;
  const { cnpj, relationCode } = key;
  const rows =
    cnpj !== undefined && relationCode !== undefined
      ? await byBoth(db).execute({ userId, cnpj, relationCode })
      : cnpj !== undefined
        ? await byCnpj(db).execute({ userId, cnpj })
        : relationCode !== undefined
          ? await byRelation(db).execute({ userId, relationCode })
          : [];
  const [row] = rows;
  if (!row || rows.length > 1) return null;
  const { profile: stored, ...company } = row;
  const profile = storedProfile(stored);
  judgeProfile(profile, permission);
  return { kind: 'company', principal, company, profile };
}

/**
 * Every company of the operator's whose profile holds `permission`. One with companies but no such profile in any
 * is refused (403), naming the profile of the first.
 */
export async function companiesScope(
  db: DbExecutor,
  principal: Principal,
  permission: Permission,
): Promise<CompaniesScope> {
  const rows = await db
    .select({ id: userCompanies.companyId, profile: userCompanies.profile })
    .from(userCompanies)
    .where(eq(userCompanies.userId, principal.userId))
    .orderBy(asc(userCompanies.companyId));
  const links = rows.map((r) => ({ id: r.id, profile: storedProfile(r.profile) }));
  const allowed = links.filter((l) => can(l.profile, permission));
  const [first] = links;
  if (allowed.length === 0 && first) refuseProfile(first.profile, permission);
  return { kind: 'companies', principal, companies: allowed };
}
