// Decision 062: new hashes use OWASP's scrypt cost, and a hash made with an older cost is replaced at the next
// right sign-in, never after a wrong one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../platform/config.ts';
import { portalUsers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { createMailer } from '../mail/mailer.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { hashPassword, LEGACY_COST, needsRehash, OWASP_COST, targetCost, verifyPassword } from './passwords.ts';
import { type SignInDeps, signIn } from './sign-in.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const log = { info() {}, warn() {} };
const deps = (): SignInDeps => ({
  db: h.db,
  mailer: createMailer(testConfig(), h.db, log, h.clock),
  log,
  address: null,
  cost: OWASP_COST,
});
const storedHash = async (login: string) =>
  (await h.db.select().from(portalUsers).where(eq(portalUsers.login, login)))[0]?.passwordHash ?? '';

describe('scrypt cost', () => {
  it('is N=2^17, r=8, p=1 for new hashes outside the tests, and in production mode even under NODE_ENV=test', () => {
    expect(OWASP_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    expect(targetCost({ NODE_ENV: 'production' })).toEqual(OWASP_COST);
    expect(targetCost({})).toEqual(OWASP_COST);
    expect(targetCost({ NODE_ENV: 'test', FIDIS_MODE: 'production' })).toEqual(OWASP_COST);
    expect(targetCost({ NODE_ENV: 'test' })).toEqual(LEGACY_COST);
    expect(targetCost({ FIDIS_TEST_PASSWORD_COST: 'legacy' })).toEqual(LEGACY_COST);
    expect(targetCost({ FIDIS_TEST_PASSWORD_COST: 'legacy', FIDIS_MODE: 'production' })).toEqual(OWASP_COST);
    expect(targetCost({ FIDIS_TEST_PASSWORD_COST: 'other' })).toEqual(OWASP_COST);
  });

  it('hashes and verifies at the OWASP cost (128 MiB of scrypt memory allowed)', async () => {
    const hash = await hashPassword('SenhaForte2024', OWASP_COST);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword('SenhaForte2024', hash)).toBe(true);
    expect(await verifyPassword('SenhaFraca2024', hash)).toBe(false);
    expect(needsRehash(hash, OWASP_COST)).toBe(false);
  });

  it('rehashes an old-cost hash at the next right sign-in, and not after a wrong one', async () => {
    const user = await h.createUser({});
    const legacy = await hashPassword(user.password, LEGACY_COST);
    await h.db.update(portalUsers).set({ passwordHash: legacy }).where(eq(portalUsers.login, user.login));

    await expect(signIn(deps(), user.login, 'errada-123456', h.clock())).rejects.toBeInstanceOf(AppError);
    expect(await storedHash(user.login)).toBe(legacy);

    await signIn(deps(), user.login, user.password, h.clock());
    const rehashed = await storedHash(user.login);
    expect(rehashed.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword(user.password, rehashed)).toBe(true);

    // Already at the cost: the next sign-in leaves the hash alone.
    await signIn(deps(), user.login, user.password, h.clock());
    expect(await storedHash(user.login)).toBe(rehashed);
  });
});
