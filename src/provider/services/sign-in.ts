// Password sign-in with lockout: 10 failures in a row lock the login for 30 minutes (PCI DSS 8.3.4).
// Each attempt takes one of the 10 tries *before* the password is checked, so any number of concurrent guesses
// gets at most 10 verifications against the real hash (decision 060). Unknown, wrong, locked and disabled logins
// answer the same 401 after the same amount of hashing; the lock itself is told to the user by e-mail. Every attempt,
// whatever its outcome, is a security event with its reason (decision 075): the answer hides it, the record must not.
// The try, lock and clear steps are exported: a password change's current password spends the same 10 tries
// (decision 074), or a stolen session could guess without limit.
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SecondFactorStep } from '../../contracts/second-factor.ts';
import type { Db } from '../db/client.ts';
import { portalUsers } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { lockoutMail } from '../mail/lockout-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  hashPassword,
  needsRehash,
  type ScryptCost,
  targetCost,
  verifyAgainstDecoy,
  verifyPassword,
} from './passwords.ts';
import { recordSecurityEvent, type SecurityLog } from './security-events.ts';

export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_MS = 30 * 60 * 1000;

export interface SignedInUser {
  id: string;
  login: string;
  name: string;
  email: string;
  mustChangePassword: boolean;
  /** What the session still needs after the password (decision 091): NENHUM for a temporary password. */
  segundoFator: SecondFactorStep;
}

export interface SignInDeps {
  db: Db;
  mailer: Mailer;
  /** The request's logger: each attempt's security event, and a lockout e-mail that could not be sent. */
  log: SecurityLog & { warn(obj: object, msg: string): void };
  /** The client's address, recorded with every attempt (decision 075). */
  address: string | null;
  /** Checks a password against the user's stored hash; replaceable so a test can count the guesses evaluated. */
  verify?: (password: string, storedHash: string) => Promise<boolean>;
  /** The scrypt cost a hash should have; an older one is replaced after a right password (decision 062). */
  cost?: ScryptCost;
  /** What a right password leaves due: the code, an enrolment or nothing (decision 091). Nothing when absent. */
  factorStep?: (user: { id: string; login: string }) => Promise<SecondFactorStep>;
}

const notLocked = (now: Date) => or(isNull(portalUsers.lockedUntil), lte(portalUsers.lockedUntil, now));

/**
 * Takes one try, in one statement, only while the login is not locked and under the limit; an expired lock starts
 * a fresh count. False means no try was left: the caller must not look at the password.
 */
export async function takeTry(db: Db, userId: string, now: Date): Promise<boolean> {
  const expired = sql`(${portalUsers.lockedUntil} is not null and ${portalUsers.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const taken = await db
    .update(portalUsers)
    .set({
      failedLogins: sql`case when ${expired} then 1 else ${portalUsers.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${expired} then null else ${portalUsers.lockedUntil} end`,
    })
    .where(
      and(
        eq(portalUsers.id, userId),
        notLocked(now),
        or(lt(portalUsers.failedLogins, MAX_FAILED_LOGINS), sql`${expired}`),
      ),
    )
    .returning({ id: portalUsers.id });
  return taken.length > 0;
}

/** After a wrong password: the try already counted, so this only locks once all 10 are spent. True for the one
 * request that set the lock. */
export async function lockIfSpent(db: Db, userId: string, now: Date): Promise<boolean> {
  const locked = await db
    .update(portalUsers)
    .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_MS) })
    .where(and(eq(portalUsers.id, userId), notLocked(now), sql`${portalUsers.failedLogins} >= ${MAX_FAILED_LOGINS}`))
    .returning({ id: portalUsers.id });
  return locked.length > 0;
}

/** After a right password: restarts the count unless the login was locked meanwhile (then the sign-in fails). */
export async function clearTries(db: Db, userId: string, now: Date): Promise<boolean> {
  const cleared = await db
    .update(portalUsers)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(portalUsers.id, userId), notLocked(now)))
    .returning({ id: portalUsers.id });
  return cleared.length > 0;
}

/** Only a right password can be hashed again; the update is skipped if the password changed meanwhile. */
async function rehashIfOld(db: Db, user: { id: string; passwordHash: string }, password: string, cost: ScryptCost) {
  if (!needsRehash(user.passwordHash, cost)) return;
  const passwordHash = await hashPassword(password, cost);
  await db
    .update(portalUsers)
    .set({ passwordHash })
    .where(and(eq(portalUsers.id, user.id), eq(portalUsers.passwordHash, user.passwordHash)));
}

export async function announceLock(
  deps: Pick<SignInDeps, 'db' | 'mailer' | 'log'> & { address?: string | null },
  user: { id: string; login: string; name: string; email: string },
  now: Date,
) {
  await recordSecurityEvent(deps.db, deps.log, {
    type: 'login.locked',
    actorUserId: user.id,
    target: user.login,
    at: now,
    address: deps.address ?? null,
  });
  try {
    await deps.mailer.send(lockoutMail(user.email, user.name, LOCKOUT_MS / 60_000));
  } catch (err) {
    // The lock holds whether or not the mail went out; the operator can still recover the password.
    deps.log.warn({ err, login: user.login }, 'e-mail de bloqueio de acesso não enviado');
  }
}

/** Why an attempt failed, for the record only: the caller gets the same 401 whatever it is (decision 060). */
type FailureReason = 'unknown-login' | 'locked' | 'wrong-password' | 'inactive' | 'temporary-password-expired';

/** As long as a login can be: anything typed beyond it names no user, and may be a password typed in the wrong box. */
const LOGIN_MAX = 60;

function recordFailure(deps: SignInDeps, typed: string, userId: string | null, reason: FailureReason, now: Date) {
  return recordSecurityEvent(deps.db, deps.log, {
    type: 'login.failure',
    actorUserId: userId,
    target: typed.slice(0, LOGIN_MAX),
    at: now,
    address: deps.address,
    reason,
  });
}

export async function signIn(deps: SignInDeps, login: string, password: string, now: Date): Promise<SignedInUser> {
  const { db } = deps;
  const verify = deps.verify ?? verifyPassword;
  const typed = login.toLowerCase();
  const [user] = await db.select().from(portalUsers).where(eq(portalUsers.login, typed));
  if (!user || !(await takeTry(db, user.id, now))) {
    await verifyAgainstDecoy(password);
    await recordFailure(deps, typed, user?.id ?? null, user ? 'locked' : 'unknown-login', now);
    fail('LOGIN_FAILED');
  }

  if (!(await verify(password, user.passwordHash))) {
    const locked = await lockIfSpent(db, user.id, now);
    await recordFailure(deps, typed, user.id, 'wrong-password', now);
    if (locked) await announceLock(deps, user, now);
    fail('LOGIN_FAILED');
  }
  // A right password does not reveal that the account is disabled; the try stays counted.
  if (user.status !== 'ATIVO') {
    await recordFailure(deps, typed, user.id, 'inactive', now);
    fail('LOGIN_FAILED');
  }
  // Only the holder of the password learns it expired, and the try stays counted like any refusal.
  if (user.mustChangePassword && user.temporaryPasswordExpiresAt && user.temporaryPasswordExpiresAt <= now) {
    await recordFailure(deps, typed, user.id, 'temporary-password-expired', now);
    fail('TEMPORARY_PASSWORD_EXPIRED');
  }
  // A temporary password goes to first access first; the factor is asked after it (decision 091).
  const segundoFator = user.mustChangePassword || !deps.factorStep ? 'NENHUM' : await deps.factorStep(user);
  // With a factor due the password's try stays counted until the code: otherwise the right password, typed again
  // between wrong codes, would give a password thief endless guesses at the code (decision 091).
  if (segundoFator === 'NENHUM' && !(await clearTries(db, user.id, now))) {
    await recordFailure(deps, typed, user.id, 'locked', now);
    fail('LOGIN_FAILED');
  }
  await rehashIfOld(db, user, password, deps.cost ?? targetCost());
  // The sign-in is complete here only when no factor is due; otherwise at the code (login.success then).
  await recordSecurityEvent(db, deps.log, {
    type: segundoFator === 'NENHUM' ? 'login.success' : 'login.factor-pending',
    actorUserId: user.id,
    target: user.login,
    at: now,
    address: deps.address,
    ...(segundoFator === 'NENHUM' ? {} : { after: { segundoFator } }),
  });
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    email: user.email,
    mustChangePassword: user.mustChangePassword,
    segundoFator,
  };
}
