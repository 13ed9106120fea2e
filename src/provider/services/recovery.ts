// Password recovery by e-mailed code: 6 digits, stored only as an HMAC, valid 10 minutes, 5 guesses,
// single use. A new request retires the codes sent before it. A code sent and a password set are security events
// (decision 075); the code itself is never recorded anywhere but as its HMAC.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, lt, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { portalUsers, recoveryCodes } from '../db/schema.ts';
import { appError, fail } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recoveryCodeMail } from '../mail/templates.ts';
import { hashPassword } from './passwords.ts';
import { recordSecurityEvent, type SecurityEvent, type SecurityLog } from './security-events.ts';
import { revokeUserSessions } from './sessions.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Each code allows 5 guesses; capping the codes per hour caps the guesses an attacker gets. */
const MAX_CODES_PER_HOUR = 5;

export interface RecoveryDeps {
  db: Db;
  mailer: Mailer;
  /** HMAC key for the stored codes (a server secret), so a database leak does not leak live codes. */
  codeKey: Buffer;
  /** The request's logger and the client's address, for the security events (decision 075). */
  log: SecurityLog;
  address: string | null;
}

function codeHash(key: Buffer, userId: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${userId}:${code}`).digest();
}

async function findActiveUser(db: Db, login: string) {
  const [user] = await db
    .select({ id: portalUsers.id, name: portalUsers.name, email: portalUsers.email })
    .from(portalUsers)
    .where(and(eq(portalUsers.login, login.toLowerCase()), eq(portalUsers.status, 'ATIVO')));
  return user;
}

async function activeUser(db: Db, login: string) {
  const user = await findActiveUser(db, login);
  if (!user) fail('RECOVERY_LOGIN_NOT_FOUND');
  return user;
}

/** The log of a request that is rolled back: it must not claim an event that left no row. */
const unrecorded: SecurityLog = { info() {} };

/**
 * Retires the user's live codes, stores the new one and records the request, in one transaction. The code row is
 * inserted by selecting its user, so under an id no user has it inserts nothing; with `keep` false the transaction
 * is then rolled back, audit row included. That is how an unknown login runs the very statements of a known one
 * and leaves nothing behind.
 */
async function storeCode(
  deps: RecoveryDeps,
  userId: string,
  hash: string,
  event: SecurityEvent,
  keep: boolean,
): Promise<void> {
  const now = event.at;
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(recoveryCodes)
        .set({ expiresAt: now })
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt), gt(recoveryCodes.expiresAt, now)));
      // Every column of recovery_codes, in the table's order (drizzle lists them all in the insert).
      await tx.insert(recoveryCodes).select(
        sql`select gen_random_uuid(), ${portalUsers.id}, ${hash}, ${now.toISOString()}::timestamptz,
              ${expiresAt.toISOString()}::timestamptz, 0, null::timestamptz
            from ${portalUsers} where ${portalUsers.id} = ${userId}`,
      );
      await recordSecurityEvent(tx, keep ? deps.log : unrecorded, event);
      if (!keep) tx.rollback();
    });
  } catch (err) {
    if (keep || !(err instanceof TransactionRollbackError)) throw err;
  }
}

/**
 * Step 1. The spec answers an unknown login with 404 'Usuário não encontrado!', so the answer tells; the work does
 * not (decision 063, amended): an unknown login runs the hourly count, draws and HMACs a code and runs the code's
 * transaction under an id no user has, then rolls it back. Only the e-mail is left out.
 */
export async function requestCode(deps: RecoveryDeps, login: string, now: Date): Promise<void> {
  const { db, mailer, codeKey } = deps;
  const user = await findActiveUser(db, login);
  const userId = user?.id ?? randomUUID();
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), gte(recoveryCodes.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= MAX_CODES_PER_HOUR) fail('TOO_MANY_CODES');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = codeHash(codeKey, userId, code).toString('base64');
  const event: SecurityEvent = {
    type: 'recovery.requested',
    actorUserId: user?.id ?? null,
    target: login.toLowerCase(),
    at: now,
    address: deps.address,
  };
  if (!user) {
    await storeCode(deps, userId, hash, event, false);
    fail('RECOVERY_LOGIN_NOT_FOUND');
  }
  // Sent before anything is written: a code that never reached the operator neither retires the earlier ones nor
  // counts towards the hourly limit, so after a mail outage they wait for the service, not for the limit. (Not
  // inside the transaction: the development outbox writes to the same database.)
  try {
    await mailer.send(recoveryCodeMail(user.email, user.name, code, CODE_TTL_MS / 60_000));
  } catch (err) {
    throw Object.assign(appError('CODE_MAIL_FAILED'), { cause: err });
  }
  await storeCode(deps, userId, hash, event, true);
}

/** The live code matching `code`, or an invalid-code refusal that counts the wrong guess. */
async function liveCode({ db, codeKey }: RecoveryDeps, userId: string, code: string, now: Date) {
  const [current] = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
        gt(recoveryCodes.expiresAt, now),
        lt(recoveryCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(recoveryCodes.createdAt))
    .limit(1);
  if (!current) fail('INVALID_CODE');
  if (!timingSafeEqual(codeHash(codeKey, userId, code), Buffer.from(current.codeHash, 'base64'))) {
    await db
      .update(recoveryCodes)
      .set({ attempts: sql`${recoveryCodes.attempts} + 1` })
      .where(eq(recoveryCodes.id, current.id));
    fail('INVALID_CODE');
  }
  return current.id;
}

export async function confirmCode(deps: RecoveryDeps, login: string, code: string, now: Date): Promise<void> {
  const user = await activeUser(deps.db, login);
  await liveCode(deps, user.id, code, now);
}

export async function resetPassword(
  deps: RecoveryDeps,
  input: { login: string; code: string; newPassword: string },
  now: Date,
): Promise<void> {
  const user = await activeUser(deps.db, input.login);
  const codeId = await liveCode(deps, user.id, input.code, now);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    // The conditional update is what makes the code single use when two requests race with it.
    const consumed = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.id, codeId),
          isNull(recoveryCodes.usedAt),
          gt(recoveryCodes.expiresAt, now),
          lt(recoveryCodes.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (consumed.length === 0) fail('INVALID_CODE');
    await tx
      .update(portalUsers)
      .set({
        passwordHash,
        mustChangePassword: false,
        temporaryPasswordExpiresAt: null,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(eq(portalUsers.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await recordSecurityEvent(tx, deps.log, {
      type: 'recovery.used',
      actorUserId: user.id,
      target: input.login.toLowerCase(),
      at: now,
      address: deps.address,
    });
  });
}
