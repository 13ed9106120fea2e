// PCI DSS 8.3.4 / ASVS 6.3.1 under concurrency: a burst of guesses gets no more than the 10 tries, counted by the
// verifications that reach the user's real hash (the decoy a refused try runs is not one of them).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../platform/config.ts';
import { auditLog, outbox, portalUsers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { createMailer } from '../mail/mailer.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { verifyPassword } from './passwords.ts';
import { LOCKOUT_MS, MAX_FAILED_LOGINS, type SignInDeps, signIn } from './sign-in.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function countingDeps() {
  const seen = { verifications: 0 };
  const log = { info() {}, warn() {} };
  const deps: SignInDeps = {
    db: h.db,
    mailer: createMailer(testConfig(), h.db, log, h.clock),
    log,
    address: '198.51.100.4',
    verify: (password, stored) => {
      seen.verifications += 1;
      return verifyPassword(password, stored);
    },
  };
  return { deps, seen };
}

/** The answer's status: 200, or the refusal's; anything that is not an AppError fails the test. */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 200,
    (err: unknown) => {
      if (err instanceof AppError) return err.status;
      throw err;
    },
  );

describe('sign-in lockout under concurrent guesses', () => {
  it('evaluates at most 10 of 50 concurrent wrong guesses, then refuses the right password until the lock ends', async () => {
    const user = await h.createUser({});
    const { deps, seen } = countingDeps();
    const now = h.clock();

    const wrong = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(signIn(deps, user.login, `errada-${i}-2024`, now))),
    );
    expect(seen.verifications).toBe(MAX_FAILED_LOGINS);
    expect(new Set(wrong)).toEqual(new Set([401]));

    // Locked: the right password is refused like a wrong one, and never checked against the hash.
    expect(await outcome(signIn(deps, user.login, user.password, now))).toBe(401);
    expect(seen.verifications).toBe(MAX_FAILED_LOGINS);

    // One lock, told once: one audit row and one e-mail to the user.
    const email = `${user.login}@example.com`;
    expect(await h.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(1);
    const locks = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login.locked'), eq(auditLog.target, user.login)));
    expect(locks).toHaveLength(1);
    // Every refused attempt is on the record too (decision 075): the 10 that reached the hash as wrong passwords,
    // the 40 that found no try left and the right password refused during the lock as locked.
    const failures = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login.failure'), eq(auditLog.target, user.login)));
    const reasons = failures.map((f) => (f.after as { reason: string }).reason);
    expect(reasons.filter((r) => r === 'wrong-password')).toHaveLength(MAX_FAILED_LOGINS);
    expect(reasons.filter((r) => r === 'locked')).toHaveLength(50 - MAX_FAILED_LOGINS + 1);
    expect(failures).toHaveLength(51);

    const later = new Date(now.getTime() + LOCKOUT_MS);
    expect(await outcome(signIn(deps, user.login, user.password, later))).toBe(200);
    const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, user.login));
    expect(row?.failedLogins).toBe(0);
    expect(row?.lockedUntil).toBeNull();
  });

  it('refuses a right password whose check finishes after the lock was set', async () => {
    const user = await h.createUser({});
    const { deps } = countingDeps();
    const now = h.clock();
    // The right password takes its try first and is still being checked when nine wrong ones spend the rest.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: SignInDeps = {
      ...deps,
      verify: async (password, stored) => {
        const ok = await verifyPassword(password, stored);
        if (ok) await held;
        return ok;
      },
    };
    const right = outcome(signIn(slow, user.login, user.password, now));
    const wrong = await Promise.all(
      Array.from({ length: MAX_FAILED_LOGINS }, (_, i) => outcome(signIn(slow, user.login, `errada-${i}-2024`, now))),
    );
    expect(new Set(wrong)).toEqual(new Set([401]));
    release();
    expect(await right).toBe(401);
    const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, user.login));
    expect(row?.lockedUntil?.getTime()).toBe(now.getTime() + LOCKOUT_MS);
  });
});
