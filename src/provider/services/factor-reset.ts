// An Administrador resets the second factor of a user of their company (decision 091): the user lost the phone and
// the recovery codes. The factor and its codes go, the user's sessions end, and they enrol again at the next sign-in;
// the user is told by e-mail, naming the administrator. Nobody resets their own: that would turn a stolen session
// into a factor-free account.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages } from '../../contracts/messages.ts';
import { can, PROFILES } from '../../contracts/profiles.ts';
import type { Db } from '../db/client.ts';
import { portalUsers, secondFactorRecoveryCodes, secondFactors, userCompanies } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendSecurityNotice } from '../mail/security-mails.ts';
import { confirmedFactor } from './second-factor.ts';
import { type Origin, recordSecurityEvent } from './security-events.ts';
import { revokeUserSessions } from './sessions.ts';
import { chosenCompanyId } from './users.ts';

/** The operator's own links, beside the target's. */
const mine = alias(userCompanies, 'mine');
const MANAGERS = PROFILES.filter((p) => can(p, 'users.manage'));

export interface ResetDeps {
  db: Db;
  mailer: Mailer;
}

export async function resetUserFactor(
  deps: ResetDeps,
  actor: { userId: string; name: string },
  cnpj: string,
  document: string,
  now: Date,
  origin: Origin & { log: { warn(obj: object, msg: string): void } },
): Promise<void> {
  // The company first: unknown or not the operator's is 404, a profile without users.manage is 403 (decision 087).
  const companyId = await chosenCompanyId(deps.db, actor, cnpj);
  if (!/^\d{11}$/.test(document)) fail('USER_NOT_FOUND');
  const [target] = await deps.db
    .select({ id: portalUsers.id, login: portalUsers.login, name: portalUsers.name, email: portalUsers.email })
    .from(portalUsers)
    .innerJoin(userCompanies, and(eq(userCompanies.userId, portalUsers.id), eq(userCompanies.companyId, companyId)))
    .where(eq(portalUsers.document, document));
  if (!target) fail('USER_NOT_FOUND');
  if (target.id === actor.userId) fail('FORBIDDEN', messages.secondFactor.ownReset);
  // The rule of every other change to a user (users.ts): the operator must administer every company the target
  // belongs to, or a reset made from one company would strip the factor another company relies on.
  const unmanaged = await deps.db
    .select({ companyId: userCompanies.companyId })
    .from(userCompanies)
    .leftJoin(
      mine,
      and(eq(mine.companyId, userCompanies.companyId), eq(mine.userId, actor.userId), inArray(mine.profile, MANAGERS)),
    )
    .where(and(eq(userCompanies.userId, target.id), isNull(mine.userId)))
    .limit(1);
  if (unmanaged.length > 0) fail('FORBIDDEN', messages.users.sharedUser);
  if (!(await confirmedFactor(deps.db, target.id))) fail('SECOND_FACTOR_NOT_ENROLLED');
  await deps.db.transaction(async (tx) => {
    await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, target.id));
    await tx.delete(secondFactors).where(eq(secondFactors.userId, target.id));
    await revokeUserSessions(tx, target.id, now);
    await recordSecurityEvent(tx, origin.log, {
      type: 'second-factor.reset',
      actorUserId: actor.userId,
      target: `usuario:${target.login}`,
      at: now,
      companyId,
      address: origin.address,
    });
  });
  await sendSecurityNotice(
    { mailer: deps.mailer, log: origin.log },
    target,
    { kind: 'factor-reset', by: actor.name },
    now,
  );
}
