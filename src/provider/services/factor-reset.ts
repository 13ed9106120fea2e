// An Administrador resets the second factor of a user of their company (decision 091): the user lost the phone and
// the recovery codes. The factor and its codes go, the user's sessions end, and they enrol again at the next sign-in;
// the user is told by e-mail, naming the administrator. Which users an operator may reset is the user scope's rule
// (every company of the user administered by the operator, issue 25), judged again under the change lock. Nobody
// resets their own: that would turn a stolen session into a factor-free account.
import { eq } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { secondFactorRecoveryCodes, secondFactors } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { UserScope } from '../http/scope/types.ts';
import { lockedUserScope } from '../http/scope/user.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendSecurityNotice } from '../mail/security-mails.ts';
import { confirmedFactor } from './second-factor.ts';
import { type Origin, recordSecurityEvent } from './security-events.ts';
import { revokeUserSessions } from './sessions.ts';

export interface ResetDeps {
  db: Db;
  mailer: Mailer;
}

/** The reset's own refusals, judged before the step-up: one's own factor, and a user with none to reset. */
export async function refuseReset(db: DbExecutor, scope: UserScope): Promise<void> {
  if (scope.target.id === scope.principal.userId) fail('FORBIDDEN', messages.secondFactor.ownReset);
  if (!(await confirmedFactor(db, scope.target.id))) fail('SECOND_FACTOR_NOT_ENROLLED');
}

export async function resetUserFactor(
  deps: ResetDeps,
  found: UserScope,
  now: Date,
  origin: Origin & { log: { warn(obj: object, msg: string): void } },
): Promise<void> {
  const target = await deps.db.transaction(async (tx) => {
    const scope = await lockedUserScope(tx, found, 'users.manage');
    await refuseReset(tx, scope);
    const { target: user } = scope;
    await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, user.id));
    await tx.delete(secondFactors).where(eq(secondFactors.userId, user.id));
    await revokeUserSessions(tx, user.id, now);
    await recordSecurityEvent(tx, origin.log, {
      type: 'second-factor.reset',
      actorUserId: scope.principal.userId,
      target: `usuario:${user.login}`,
      at: now,
      companyId: scope.company.id,
      address: origin.address,
    });
    return user;
  });
  await sendSecurityNotice(
    { mailer: deps.mailer, log: origin.log },
    target,
    { kind: 'factor-reset', by: found.principal.name },
    now,
  );
}
