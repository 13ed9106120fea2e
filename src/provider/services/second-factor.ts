// The operator's own second factor (decision 091): who must have one, its status, the enrolment (a sealed secret,
// confirmed by a first code, answered with ten recovery codes), the code after the password, disabling it and new
// recovery codes. The secret is sealed under the master key and leaves the provider only in the enrolment's answer.
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { RecoveryCodes, SecondFactorEnrollment } from '../../contracts/second-factor.ts';
import type { MasterKey } from '../../platform/master-key.ts';
import { sealedLabel } from '../../platform/master-key.ts';
import { secondFactorRecoveryCodes, secondFactors } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { sendSecurityNotice } from '../mail/security-mails.ts';
import { checkWithTry, type TriedUser, type TryDeps, type TryKind } from './factor-tries.ts';
import { replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.ts';
import { confirmedFactor, factorRequired } from './second-factor-state.ts';
import { recordSecurityEvent } from './security-events.ts';
import { markChecked } from './sessions.ts';
import { matchingStep, newTotpSecret, totpUri } from './totp.ts';

export interface FactorDeps extends TryDeps {
  masterKey: MasterKey;
  codeKey: Buffer;
  /** Logins the requirement skips (the demo's seeded operators); a factor they enrol is asked all the same. */
  secondFactorExempt: ReadonlySet<string>;
}

export const SIGN_IN_CODE: TryKind = { code: 'SECOND_FACTOR_INVALID', event: 'second-factor.failure' };

const secretLabel = (userId: string) => sealedLabel('second_factors', userId);

export {
  confirmedFactor,
  factorRequired,
  factorStatus,
  factorStepOf,
  factorUser,
  usersWithFactor,
} from './second-factor-state.ts';

/**
 * Starts an enrolment with a new secret, replacing one that was never confirmed. One statement: an upsert that
 * leaves a confirmed factor alone, so a confirmed one is never overwritten, however the calls race.
 */
export async function startEnrolment(
  deps: FactorDeps,
  user: { id: string; login: string },
  now: Date,
): Promise<SecondFactorEnrollment> {
  const secret = newTotpSecret();
  const secretSealed = deps.masterKey.seal(secretLabel(user.id), Buffer.from(secret, 'utf8'));
  const started = await deps.db
    .insert(secondFactors)
    .values({ userId: user.id, secretSealed, createdAt: now })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secretSealed, createdAt: now, lastStep: null },
      setWhere: isNull(secondFactors.confirmedAt),
    })
    .returning({ userId: secondFactors.userId });
  if (started.length === 0) fail('SECOND_FACTOR_ALREADY_ENROLLED');
  return { segredo: secret, uri: totpUri(secret, user.login) };
}

const openSecret = (deps: FactorDeps, userId: string, sealed: string) =>
  deps.masterKey.open(secretLabel(userId), sealed).toString('utf8');

/**
 * Confirms the enrolment with a first code (a try spent, as for any code): the factor is in force, ten recovery codes
 * replace any older ones, and the session that confirmed is full and checked (the user may have enrolled at sign-in).
 */
export async function confirmEnrolment(
  deps: FactorDeps,
  user: TriedUser,
  sessionId: string,
  code: string,
  now: Date,
): Promise<RecoveryCodes> {
  const [factor] = await deps.db.select().from(secondFactors).where(eq(secondFactors.userId, user.id));
  if (!factor) fail('SECOND_FACTOR_NOT_STARTED');
  if (factor.confirmedAt) fail('SECOND_FACTOR_ALREADY_ENROLLED');
  const secret = openSecret(deps, user.id, factor.secretSealed);
  const matched: { step: number | null } = { step: null };
  await checkWithTry(deps, user, SIGN_IN_CODE, now, async () => {
    matched.step = matchingStep(secret, user.login, code, now);
    return matched.step !== null;
  });
  const codes = await deps.db.transaction(async (tx) => {
    // Only the secret the code was checked against: an enrolment restarted meanwhile is not confirmed by it.
    const confirmed = await tx
      .update(secondFactors)
      .set({ confirmedAt: now, lastStep: matched.step })
      .where(
        and(
          eq(secondFactors.userId, user.id),
          eq(secondFactors.secretSealed, factor.secretSealed),
          isNull(secondFactors.confirmedAt),
        ),
      )
      .returning({ userId: secondFactors.userId });
    if (confirmed.length === 0) fail('SECOND_FACTOR_NOT_STARTED');
    const fresh = await replaceRecoveryCodes(tx, deps.codeKey, user.id, now);
    await markChecked(tx, sessionId, now);
    await recordSecurityEvent(tx, deps.log, {
      type: 'second-factor.enrolled',
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: deps.address,
    });
    return fresh;
  });
  await sendSecurityNotice(deps, user, { kind: 'factor-enrolled' }, now);
  return { codigosRecuperacao: codes };
}

/** How a right code was given, for the record. */
export type CodeMethod = 'totp' | 'recovery';

/**
 * Checks a code of the user's confirmed factor, spending a try: a TOTP code of a step newer than the last one
 * accepted (marked used in the same statement, so a replay or a race fails), or an unused recovery code (spent).
 */
export async function checkFactorCode(
  deps: FactorDeps,
  user: TriedUser,
  code: string,
  kind: TryKind,
  now: Date,
): Promise<CodeMethod> {
  const factor = await confirmedFactor(deps.db, user.id);
  if (!factor) fail('SECOND_FACTOR_NOT_ENROLLED');
  const method: CodeMethod = /^\d{6}$/.test(code) ? 'totp' : 'recovery';
  await checkWithTry(deps, user, kind, now, async () => {
    if (method === 'recovery') return spendRecoveryCode(deps.db, deps.codeKey, user.id, code, now);
    const step = matchingStep(openSecret(deps, user.id, factor.secretSealed), user.login, code, now);
    if (step === null) return false;
    const accepted = await deps.db
      .update(secondFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(secondFactors.userId, user.id),
          isNotNull(secondFactors.confirmedAt),
          or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
        ),
      )
      .returning({ userId: secondFactors.userId });
    return accepted.length > 0;
  });
  return method;
}

/** Turns a factor off: refused while the profile or a company requires one. */
export async function disableFactor(deps: FactorDeps, user: TriedUser, now: Date): Promise<void> {
  if (!(await confirmedFactor(deps.db, user.id))) fail('SECOND_FACTOR_NOT_ENROLLED');
  if (await factorRequired(deps.db, deps.secondFactorExempt, user)) fail('SECOND_FACTOR_MANDATORY');
  await deps.db.transaction(async (tx) => {
    await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, user.id));
    await tx.delete(secondFactors).where(eq(secondFactors.userId, user.id));
    await recordSecurityEvent(tx, deps.log, {
      type: 'second-factor.disabled',
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: deps.address,
    });
  });
  await sendSecurityNotice(deps, user, { kind: 'factor-disabled' }, now);
}

/** Ten new recovery codes; the old ones, used or not, stop working. */
export async function renewRecoveryCodes(deps: FactorDeps, user: TriedUser, now: Date): Promise<RecoveryCodes> {
  if (!(await confirmedFactor(deps.db, user.id))) fail('SECOND_FACTOR_NOT_ENROLLED');
  const codes = await deps.db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, deps.codeKey, user.id, now);
    await recordSecurityEvent(tx, deps.log, {
      type: 'second-factor.recovery-codes',
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: deps.address,
    });
    return fresh;
  });
  return { codigosRecuperacao: codes };
}
