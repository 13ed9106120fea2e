// The users list (spec section 7): the users of the chosen company, or of every company the operator administers,
// A-Z or Z-A by name, paged.
import { and, asc, desc, inArray } from 'drizzle-orm';
import type { Profile } from '../../../contracts/profiles.ts';
import type { PortalUser } from '../../../contracts/schemas.ts';
import type { Db } from '../../db/client.ts';
import { portalUsers, userCompanies } from '../../db/schema.ts';
import { storedProfile } from '../../http/scope/profile.ts';
import type { CompaniesScope, CompanyScope } from '../../http/scope/types.ts';
import { usersWithFactor } from '../second-factor.ts';
import { toPortalUser } from './portal-user.ts';

export interface ListOptions {
  page: number;
  limit: number;
  direction: 'asc' | 'desc';
}

export async function listUsers(
  db: Db,
  scope: CompanyScope | CompaniesScope,
  opts: ListOptions,
): Promise<PortalUser[]> {
  const companyIds = scope.kind === 'company' ? [scope.company.id] : scope.companies.map((c) => c.id);
  if (companyIds.length === 0) return [];
  const members = db
    .selectDistinct({ id: userCompanies.userId })
    .from(userCompanies)
    .where(inArray(userCompanies.companyId, companyIds));
  const order = opts.direction === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(portalUsers)
    .where(inArray(portalUsers.id, members))
    .orderBy(order(portalUsers.name), order(portalUsers.login))
    .limit(opts.limit)
    .offset(opts.page * opts.limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // Each user's profile in the first listed company they belong to (the chosen one, when a CNPJ names it).
  const links = await db
    .select({ userId: userCompanies.userId, profile: userCompanies.profile })
    .from(userCompanies)
    .where(and(inArray(userCompanies.userId, ids), inArray(userCompanies.companyId, companyIds)))
    .orderBy(desc(userCompanies.companyId));
  const profileOf = new Map<string, Profile>();
  for (const l of links) profileOf.set(l.userId, storedProfile(l.profile));
  const withFactor = await usersWithFactor(db, ids);
  return rows.map((r) => toPortalUser(r, profileOf.get(r.id) ?? null, withFactor.has(r.id)));
}
