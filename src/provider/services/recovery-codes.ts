// The second factor's recovery codes (decision 091): ten single-use codes answered once, kept only as HMAC-SHA256
// under the code key, so a copy of the database opens none. Using one is one conditional update: two requests
// racing with the same code cannot both pass.
import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../contracts/second-factor.ts';
import type { DbExecutor } from '../db/client.ts';
import { secondFactorRecoveryCodes } from '../db/schema.ts';

/** Without 0/O and 1/I, which people misread when they copy a code from paper. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const HALF = 5;

const randomHalf = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** One code, `XXXXX-XXXXX` (about 50 bits). */
export const newRecoveryCode = (): string => `${randomHalf()}-${randomHalf()}`;

const hashOf = (codeKey: Buffer, code: string) => createHmac('sha256', codeKey).update(code).digest('hex');

/** Replaces the user's codes with ten new ones and answers them: the only time they are ever seen. */
export async function replaceRecoveryCodes(
  tx: DbExecutor,
  codeKey: Buffer,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
  await tx
    .insert(secondFactorRecoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: hashOf(codeKey, code), createdAt: now })));
  return [...codes];
}

/** Spends the code when it is one of the user's unused ones; false otherwise (unknown, used, or lost a race). */
export async function spendRecoveryCode(
  db: DbExecutor,
  codeKey: Buffer,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(secondFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(secondFactorRecoveryCodes.userId, userId),
        eq(secondFactorRecoveryCodes.codeHash, hashOf(codeKey, code)),
        isNull(secondFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: secondFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(secondFactorRecoveryCodes)
    .where(and(eq(secondFactorRecoveryCodes.userId, userId), isNull(secondFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
