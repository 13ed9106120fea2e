// The portal user a call names (CPF in the path), with every company they belong to, their profile there and the
// operator's, in one statement. Theirs to change only when every one of those companies is one of the operator's
// where their profile holds the permission: a change made from one company must not reach into another the operator
// does not administer (issue 25: the second-factor reset used to ask only about the company named).
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages } from '../../../contracts/messages.ts';
import type { Permission } from '../../../contracts/profiles.ts';
import type { DbExecutor } from '../../db/client.ts';
import { companies, portalUsers, userCompanies } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { Principal } from '../../services/sessions.ts';
import { judgeProfile, storedProfile } from './profile.ts';
import type { UserLink, UserScope } from './types.ts';

const theirs = alias(userCompanies, 'theirs');
const mine = alias(userCompanies, 'mine');

/** The user with this CPF, one row per company of theirs (none: no such user, or one of no company). */
function userRead(db: DbExecutor, principal: Principal, document: string) {
  return db
    .select({
      user: portalUsers,
      companyId: theirs.companyId,
      cnpj: companies.cnpj,
      profile: theirs.profile,
      operatorProfile: mine.profile,
    })
    .from(portalUsers)
    .innerJoin(theirs, eq(theirs.userId, portalUsers.id))
    .innerJoin(companies, eq(companies.id, theirs.companyId))
    .leftJoin(mine, and(eq(mine.companyId, theirs.companyId), eq(mine.userId, principal.userId)))
    .where(eq(portalUsers.document, document))
    .orderBy(asc(theirs.companyId));
}

/** The advisory lock key space of user changes per company (the audit chain uses 4_242_002). */
const USER_CHANGES_LOCK = 4_242_003;

/**
 * One change to a company's users at a time, companies taken in one order, until the transaction ends: two
 * administrators changing each other at once are judged one after the other (otherwise both pass before either
 * commits), and never lock each other's rows in opposite orders (a deadlock on PostgreSQL). Re-entrant.
 */
export async function lockUserChanges(tx: DbExecutor, companyIds: readonly number[]): Promise<void> {
  for (const companyId of [...companyIds].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_CHANGES_LOCK}, ${companyId})`);
  }
}

export interface UserKey {
  document: string;
  /** The company the call names (its CNPJ): the user must belong to it, and the change is recorded under it. */
  cnpj?: string;
}

/**
 * Finds and judges the user: not one of the operator's companies' → 404; a profile without the permission in one of
 * them → 403 naming it; a company of the user's that is not the operator's → 403. `lock`: inside a change's
 * transaction, after the user's companies' change lock, the user's row locked (NO KEY UPDATE: an audit row's foreign
 * key on its actor still passes), so the judgement holds until the change commits.
 */
export async function userScope(
  db: DbExecutor,
  principal: Principal,
  key: UserKey,
  permission: Permission,
  lock = false,
): Promise<UserScope> {
  if (!/^\d{11}$/.test(key.document)) fail('USER_NOT_FOUND');
  const query = userRead(db, principal, key.document);
  const rows = lock ? await query.for('no key update', { of: [portalUsers] }) : await query;
  const [first] = rows;
  if (!first) fail('USER_NOT_FOUND');
  const links: UserLink[] = rows.map((r) => ({
    companyId: r.companyId,
    cnpj: r.cnpj,
    profile: storedProfile(r.profile),
    operatorProfile: r.operatorProfile === null ? null : storedProfile(r.operatorProfile),
  }));
  const shared = links.filter((l) => l.operatorProfile !== null);
  const named = key.cnpj === undefined ? shared[0] : shared.find((l) => l.cnpj === key.cnpj);
  if (!named) fail('USER_NOT_FOUND');
  for (const link of shared) judgeProfile(link.operatorProfile ?? 'CONSULTA', permission);
  if (shared.length < links.length) fail('FORBIDDEN', messages.users.sharedUser);
  return {
    kind: 'user',
    principal,
    target: first.user,
    links,
    company: { id: named.companyId, cnpj: named.cnpj },
    profile: named.operatorProfile ?? 'CONSULTA',
  };
}

/**
 * The same user judged again inside a change's transaction, under the change lock of each of their companies: what
 * the scope step found may have changed while the call waited (a concurrent demotion of the operator).
 */
export async function lockedUserScope(tx: DbExecutor, scope: UserScope, permission: Permission): Promise<UserScope> {
  await lockUserChanges(
    tx,
    scope.links.map((l) => l.companyId),
  );
  return userScope(
    tx,
    scope.principal,
    { document: scope.target.document, cnpj: scope.company.cnpj },
    permission,
    true,
  );
}
