// Password recovery by e-mailed code: 6 digits, stored only as an HMAC, valid 10 minutes, 5 guesses,
// single use. A new request retires the codes sent before it.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { auditLog, portalUsers, recoveryCodes } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recoveryCodeMail } from '../mail/templates.ts';
import { hashPassword } from './passwords.ts';
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
}

const invalidCode = () => new AppError(400, 'INVALID_CODE', messages.recovery.invalidCode);

function codeHash(key: Buffer, userId: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${userId}:${code}`).digest();
}

async function activeUser(db: Db, login: string) {
  const [user] = await db
    .select({ id: portalUsers.id, name: portalUsers.name, email: portalUsers.email })
    .from(portalUsers)
    .where(and(eq(portalUsers.login, login.toLowerCase()), eq(portalUsers.status, 'ATIVO')));
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', messages.recovery.userNotFound);
  return user;
}

export async function requestCode({ db, mailer, codeKey }: RecoveryDeps, login: string, now: Date): Promise<void> {
  const user = await activeUser(db, login);
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), gte(recoveryCodes.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= MAX_CODES_PER_HOUR) throw new AppError(429, 'TOO_MANY_CODES', messages.generic.tooMany);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(recoveryCodes)
      .set({ expiresAt: now })
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt), gt(recoveryCodes.expiresAt, now)));
    await tx.insert(recoveryCodes).values({
      userId: user.id,
      codeHash: codeHash(codeKey, user.id, code).toString('base64'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  try {
    await mailer.send(recoveryCodeMail(user.email, user.name, code, CODE_TTL_MS / 60_000));
  } catch (err) {
    throw Object.assign(new AppError(503, 'MAIL_FAILED', messages.recovery.sendFailure), { cause: err });
  }
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
  if (!current) throw invalidCode();
  if (!timingSafeEqual(codeHash(codeKey, userId, code), Buffer.from(current.codeHash, 'base64'))) {
    await db
      .update(recoveryCodes)
      .set({ attempts: sql`${recoveryCodes.attempts} + 1` })
      .where(eq(recoveryCodes.id, current.id));
    throw invalidCode();
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
    if (consumed.length === 0) throw invalidCode();
    await tx
      .update(portalUsers)
      .set({ passwordHash, mustChangePassword: false, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(portalUsers.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await tx
      .insert(auditLog)
      .values({ actorUserId: user.id, at: now, action: 'password.recovered', target: input.login });
  });
}
