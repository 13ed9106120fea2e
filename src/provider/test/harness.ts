import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import { freshDatabase as freshPlatformDatabase } from '../../platform/test-database.ts';
import { buildProvider, type ProviderOptions } from '../app.ts';
import { testAuditKeys } from '../audit/test-keys.ts';
import { createDb, type Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { secondFactorExemptLogins } from '../demo-operators.ts';
import { buildCompany, buildUser } from './builders/index.ts';
import { type DatabaseChoice, seededDatabase } from './seeded-database.ts';

export { DEMO, migratedDatabase, seededDatabase } from './seeded-database.ts';

export interface TestClock {
  (): Date;
  advance(ms: number): void;
}

export function testClock(start = new Date('2026-03-02T12:00:00Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/**
 * An empty database, not even migrated, from the platform helper (PGlite, or PostgreSQL via DATABASE_URL); a test
 * that wants the demo's rows takes `seededDatabase`, one that wants only the schema `migratedDatabase`.
 */
export async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const fresh = await freshPlatformDatabase();
  return { handle: fresh.handle, drop: () => fresh.dispose() };
}

export interface Harness {
  app: FastifyInstance;
  handle: DatabaseHandle;
  db: Db;
  clock: TestClock;
  /** Where this provider reads the audit chain's published heads (AUDIT_HEADS_DIR). */
  headsDir: string;
  close(): Promise<void>;
  /** Signs in and returns the token; fails the test on anything but 200. */
  token(login: string, password: string): Promise<string>;
  /**
   * Adds an operator, an Administrador of `company` or of a company built for it (none with `withCompany: false`),
   * with a temporary password when asked. Like the seeded operators it is exempt from the second-factor requirement
   * unless `exempt: false` (decision 091).
   */
  createUser(opts: {
    temporary?: boolean;
    withCompany?: boolean;
    company?: { id: number };
    exempt?: boolean;
  }): Promise<{ login: string; password: string }>;
  /** Exempts a login from the second-factor requirement, as the seeded operators are (suites about other things). */
  exemptFromSecondFactor(login: string): void;
  /** The newest development e-mail sent to an address. */
  lastMailTo(to: string): Promise<{ subject: string; body: string } | undefined>;
}

let userSeq = 0;

export async function createHarness(
  opts: Partial<Pick<ProviderOptions, 'publicRateLimit' | 'logger'>> & { database?: DatabaseChoice } = {},
): Promise<Harness> {
  // The demo migrated and seeded once per run, copied for this file (seeded-database.ts).
  const { handle, dispose: drop } = await seededDatabase(opts.database);
  const clock = testClock();
  // The heads the audit trail screen reads (decision 125): a folder of this harness, never the repository's data/.
  const headsDir = mkdtempSync(join(tmpdir(), 'fidis-heads-'));
  const config = testConfig({ AUDIT_HEADS_DIR: headsDir });
  // The seeded operators, and those createUser adds: suites that are not about the second factor sign in as before.
  const exempt = new Set(secondFactorExemptLogins(config));
  const app = buildProvider({
    db: handle,
    config,
    clock,
    publicRateLimit: opts.publicRateLimit ?? false,
    secondFactorExempt: exempt,
    readsImmediately: true,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  await app.ready();
  const db = createDb(handle, testAuditKeys());

  const harness: Harness = {
    app,
    handle,
    db,
    clock,
    headsDir,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(headsDir, { recursive: true, force: true });
    },
    async token(login, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/v0/portal/usuario/login',
        payload: { login, senha: password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${login} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async createUser({ temporary = false, withCompany = true, exempt: isExempt = true, company }) {
      userSeq += 1;
      const login = `operador${userSeq}`;
      const password = `Temporaria${userSeq}x2024`;
      const own = withCompany ? (company ?? (await buildCompany(harness))) : null;
      await buildUser(harness, {
        login,
        email: `${login}@example.com`,
        name: `Operador de Teste ${userSeq}`,
        password,
        exempt: isExempt,
        companies: own ? [{ company: own, profile: 'ADMINISTRADOR' }] : [],
        ...(temporary ? { temporary: { now: clock() } } : {}),
      });
      return { login, password };
    },
    exemptFromSecondFactor(login) {
      exempt.add(login.toLowerCase());
    },
    async lastMailTo(to) {
      const [mail] = await db
        .select({ subject: outbox.subject, body: outbox.body })
        .from(outbox)
        .where(eq(outbox.to, to))
        .orderBy(desc(outbox.id))
        .limit(1);
      return mail;
    },
  };
  return harness;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
