// An edit of a portal user (spec section 7): name, e-mail, phone and, named in listaPerfis, the profile in every
// company of theirs. The change, its audit row and (for an e-mail) its security event are one transaction, judged
// again under the user's change lock; the security notice goes out after the commit.
import { and, eq, inArray } from 'drizzle-orm';
import { profileOfList } from '../../../contracts/profiles.ts';
import type { PortalUser, UpdateUserBody } from '../../../contracts/schemas.ts';
import { appendAudit } from '../../audit/append.ts';
import { portalUsers, userCompanies } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { UserScope } from '../../http/scope/types.ts';
import { lockedUserScope } from '../../http/scope/user.ts';
import { sendSecurityNotice } from '../../mail/security-mails.ts';
import { type Origin, recordSecurityEvent } from '../security-events.ts';
import { keepAnAdministrator } from './administrators.ts';
import type { UsersDeps } from './create.ts';
import { portalUserOf, snapshot, targetOf } from './portal-user.ts';

/** The links whose profile the edit changes (none when it names no profile: the current ones stay). */
const profileChanges = (scope: UserScope, body: UpdateUserBody) => {
  const requested = profileOfList(body.listaPerfis);
  return requested === null ? [] : scope.links.filter((l) => l.profile !== requested);
};

/** Nobody changes their own profile: judged before the step-up, and again under the lock. */
export function refuseUpdate(scope: UserScope, body: UpdateUserBody): void {
  if (scope.target.id === scope.principal.userId && profileChanges(scope, body).length > 0) fail('OWN_PROFILE');
}

export async function updateUser(
  { db, mailer }: UsersDeps,
  found: UserScope,
  body: UpdateUserBody,
  now: Date,
  origin: Origin & { log: { warn(obj: object, msg: string): void } },
): Promise<PortalUser> {
  const actorUserId = found.principal.userId;
  const { user, emailBefore } = await db.transaction(async (tx) => {
    const scope = await lockedUserScope(tx, found, 'users.manage');
    const { target: before, company } = scope;
    refuseUpdate(scope, body);
    const changes = {
      name: body.nomeUsuario,
      email: body.email,
      ddi: body.ddi,
      ddd: body.ddd,
      mobile: body.numeroCelular,
    };
    const requested = profileOfList(body.listaPerfis);
    const changed = profileChanges(scope, body);
    await keepAnAdministrator(
      tx,
      before,
      changed.filter((l) => l.profile === 'ADMINISTRADOR').map((l) => l.companyId),
    );
    const profileBefore = scope.links.find((l) => l.companyId === company.id)?.profile ?? null;
    const profileAfter = changed.length > 0 ? requested : profileBefore;
    const unchanged = (Object.keys(changes) as (keyof typeof changes)[]).every((k) => before[k] === changes[k]);
    if (unchanged && changed.length === 0) {
      return { user: await portalUserOf(tx, before, profileBefore), emailBefore: before.email };
    }
    if (requested !== null && changed.length > 0) {
      await tx
        .update(userCompanies)
        .set({ profile: requested })
        .where(
          and(
            eq(userCompanies.userId, before.id),
            inArray(
              userCompanies.companyId,
              changed.map((l) => l.companyId),
            ),
          ),
        );
    }
    const [after] = unchanged
      ? [before]
      : await tx
          .update(portalUsers)
          .set({ ...changes, updatedAt: now })
          .where(eq(portalUsers.id, before.id))
          .returning();
    if (!after) fail('USER_NOT_FOUND');
    if (after.email !== before.email) {
      // Where password-recovery codes and security notices go: changing it is how an account is taken over (decision
      // 091), so it is a security event of its own.
      await recordSecurityEvent(tx, origin.log, {
        type: 'user.email-changed',
        actorUserId,
        target: targetOf(before),
        at: now,
        companyId: company.id,
        address: origin.address,
        before: { email: before.email },
        after: { email: after.email },
      });
    }
    await appendAudit(tx, {
      actorUserId,
      at: now,
      action: 'user.update',
      target: targetOf(before),
      companyId: company.id,
      address: origin.address,
      before: { ...snapshot(before), perfil: profileBefore },
      after: { ...snapshot(after), perfil: profileAfter },
    });
    return { user: await portalUserOf(tx, after, profileAfter), emailBefore: before.email };
  });
  // After the commit: the mail tells of a change made; it cannot be sent for one rolled back.
  if (user.email !== emailBefore) {
    await sendSecurityNotice(
      { mailer, log: origin.log },
      { login: user.login, name: user.nomeUsuario, email: user.email },
      { kind: 'email-changed', oldEmail: emailBefore, newEmail: user.email },
      now,
    );
  }
  return user;
}
