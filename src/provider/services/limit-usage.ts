// What a card has spent and what its relationship has committed, always derived, never stored: used is the sum of
// the account's approved authorizations its invoices have not yet released, so no limit operation can move it.
import { and, eq, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { centsOf, reaisOf } from '../../contracts/money.ts';
import type { LimitResponse } from '../../contracts/schemas.ts';
import type { DbExecutor } from '../db/client.ts';
import { accounts, authorizations, companies } from '../db/schema.ts';

/**
 * The SQL twin of `isApprovedAuthorization` (src/contracts/authorization-status.ts): NORMAL, or APROVADA captured
 * offline without password validation. limit-usage.test.ts checks the two agree on every combination.
 */
export const approvedAuthorization: SQL = sql`(${authorizations.descDrop} = 'NORMAL' or (${authorizations.descDrop} = 'APROVADA' and ${authorizations.capturedOffline} and not ${authorizations.passwordValidated}))`;

/** The authorizations of `owner` (an account, or one card) approved and not yet released by a paid invoice. */
const held = (owner: SQL) => and(owner, isNull(authorizations.settledAt), approvedAuthorization);
export const holdsLimit = (accountId: string | Placeholder) => held(eq(authorizations.accountId, accountId));

/** What `owner`'s held authorizations add up to, in centavos. */
export async function heldCents(db: DbExecutor, owner: SQL): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${authorizations.valueBrl}), 0)::text` })
    .from(authorizations)
    .where(held(owner));
  return centsOf(row?.total);
}

/** The account's used amount in centavos. */
export const usedCents = (db: DbExecutor, accountId: string) => heldCents(db, eq(authorizations.accountId, accountId));

export interface RelationshipLimit {
  /** companies.relationship_limit, in centavos. */
  limit: number;
  /** The credit limits of the company's accounts that are not CANCELADA (but `exceptAccountId`), in centavos. */
  committed: number;
}

/**
 * The relationship's limit and what its cards commit. Proposals (code 38) ask with no exception: free = limit −
 * committed. A limit change asks without the account itself: limit − committed is then the most it may hold.
 */
export async function relationshipLimit(
  db: DbExecutor,
  companyId: number,
  exceptAccountId?: string,
): Promise<RelationshipLimit> {
  const [company] = await db
    .select({ limit: sql<string>`${companies.relationshipLimit}::text` })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [committed] = await db
    .select({ total: sql<string>`coalesce(sum(${accounts.creditLimit}), 0)::text` })
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        ne(accounts.statusDescription, 'CANCELADA'),
        exceptAccountId === undefined ? undefined : ne(accounts.id, exceptAccountId),
      ),
    );
  return { limit: centsOf(company?.limit), committed: centsOf(committed?.total) };
}

/** The three figures every screen shows, from the limit and the used amount in centavos. */
export const limitOf = (limitCents: number, used: number): LimitResponse => ({
  creditLimit: reaisOf(limitCents),
  availableLimit: reaisOf(limitCents - used),
  availableCreditLimitUsed: reaisOf(used),
});
