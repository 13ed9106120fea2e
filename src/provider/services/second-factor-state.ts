// Where an operator stands with the second factor (decision 091): whether one is required, whether one is enrolled,
// and what a session opened by a right password still needs. Reads only; the factor's changes are second-factor.ts's.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { SecondFactorStatus, SecondFactorStep } from '../../contracts/second-factor.ts';
import type { DbExecutor } from '../db/client.ts';
import { companies, portalUsers, secondFactors, userCompanies } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { TriedUser } from './factor-tries.ts';
import { recoveryCodesLeft } from './recovery-codes.ts';
import type { FactorDeps } from './second-factor.ts';

/** The user as the factor's steps need them: who to record, whom to e-mail. */
export async function factorUser(db: DbExecutor, userId: string): Promise<TriedUser> {
  const [user] = await db
    .select({ id: portalUsers.id, login: portalUsers.login, name: portalUsers.name, email: portalUsers.email })
    .from(portalUsers)
    .where(eq(portalUsers.id, userId));
  // The auth hook let the session through a moment ago: only a user deleted since gets here.
  if (!user) fail('UNAUTHENTICATED');
  return user;
}

/**
 * Whether the user must have a factor: Administrador in one of their companies, or member of a company that asks it
 * of every profile; never for a login the demo exempts.
 */
export async function factorRequired(
  db: DbExecutor,
  exempt: ReadonlySet<string>,
  user: { id: string; login: string },
): Promise<boolean> {
  if (exempt.has(user.login)) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(
      and(
        eq(userCompanies.userId, user.id),
        or(eq(userCompanies.profile, 'ADMINISTRADOR'), eq(companies.requireSecondFactor, true)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user's confirmed factor, or null (none, or an enrolment still waiting for its first code). */
export async function confirmedFactor(db: DbExecutor, userId: string) {
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
  return row ?? null;
}

/** Of these users, those with a confirmed factor: one query for a whole page of the user list. */
export async function usersWithFactor(db: DbExecutor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(and(inArray(secondFactors.userId, [...userIds]), isNotNull(secondFactors.confirmedAt)));
  return new Set(rows.map((r) => r.userId));
}

/** What a session opened by a right password still needs: the code, an enrolment, or nothing. */
export async function factorStepOf(
  db: DbExecutor,
  exempt: ReadonlySet<string>,
  user: { id: string; login: string },
): Promise<SecondFactorStep> {
  if (await confirmedFactor(db, user.id)) return 'VERIFICAR';
  return (await factorRequired(db, exempt, user)) ? 'CADASTRAR' : 'NENHUM';
}

export async function factorStatus(deps: FactorDeps, user: { id: string; login: string }): Promise<SecondFactorStatus> {
  const factor = await confirmedFactor(deps.db, user.id);
  return {
    cadastrado: factor !== null,
    obrigatorio: await factorRequired(deps.db, deps.secondFactorExempt, user),
    cadastradoEm: factor?.confirmedAt?.toISOString() ?? null,
    codigosRecuperacaoRestantes: factor ? await recoveryCodesLeft(deps.db, user.id) : 0,
  };
}
