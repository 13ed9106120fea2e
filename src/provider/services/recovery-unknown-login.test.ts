// Issue 15 / decision 063 (amended): recovery step 1 for an unknown login still answers 404, but does the work a
// known login does — the same statements, in the same order, with a code drawn and HMAC'd — except the e-mail, and
// keeps none of it. Proved by the statements drizzle sends, not by timing (timing assertions flake on shared CI).
import { count } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindAuditKeys } from '../audit/keys.ts';
import { testAuditKeys } from '../audit/test-keys.ts';
import { type Db, schema } from '../db/client.ts';
import { auditLog, recoveryCodes } from '../db/schema.ts';
import type { Mail } from '../mail/mailer.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { type RecoveryDeps, requestCode } from './recovery.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Statement {
  sql: string;
  params: unknown[];
}

/** The provider's database as the service sees it, with every statement it sends written down. */
function recordingDb(): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => statements.push({ sql, params }) };
  const handle = h.handle;
  const db =
    handle.kind === 'pglite'
      ? drizzlePglite(handle.client, { schema, logger })
      : drizzleNodePg(handle.client, { schema, logger });
  // The audit row it writes is linked into the chain with the test's keys (decision 125), as the provider's own.
  return { db: bindAuditKeys(db as unknown as Db, testAuditKeys()), statements };
}

/** Transaction control is sent by drizzle on node-postgres and by PGlite itself: not part of the comparison. */
const work = (statements: Statement[]) => statements.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.sql));

async function stepOne(login: string) {
  const { db, statements } = recordingDb();
  const mails: Mail[] = [];
  const deps: RecoveryDeps = {
    db,
    mailer: { send: async (mail) => void mails.push(mail) },
    codeKey: Buffer.alloc(32, 9),
    log: { info() {} },
    address: '203.0.113.7',
  };
  const outcome = await requestCode(deps, login, h.clock()).then(
    () => 'sent',
    (err: { status?: number }) => err.status,
  );
  return { outcome, statements: work(statements), mails };
}

const rowsOf = async () => ({
  codes: (await h.db.select({ n: count() }).from(recoveryCodes))[0]?.n,
  audit: (await h.db.select({ n: count() }).from(auditLog))[0]?.n,
});

describe('recovery step 1 for an unknown login', () => {
  it('runs the statements a known login runs, code HMAC included, sends no e-mail and keeps nothing', async () => {
    const user = await h.createUser({});
    const known = await stepOne(user.login);
    expect(known.outcome).toBe('sent');
    expect(known.mails).toHaveLength(1);

    const before = await rowsOf();
    const unknown = await stepOne('ninguem.cadastrado');
    expect(unknown.outcome).toBe(404);
    expect(unknown.mails).toEqual([]);
    // Nothing of it stays: no code, no audit row.
    expect(await rowsOf()).toEqual(before);

    // Same SQL text, statement by statement: the user lookup, the hourly count, retiring earlier codes, storing the
    // new one (which, for an id no user has, selects no row to insert) and the audit row with its link in the chain
    // (read back, the chain locked, its head read, the link written), then rolled back.
    expect(unknown.statements.map((s) => s.sql)).toEqual(known.statements.map((s) => s.sql));
    expect(unknown.statements.map((s) => s.sql.split(' ').slice(0, 3).join(' '))).toEqual([
      'select "id", "name",',
      'select count(*)::int from',
      'update "recovery_codes" set',
      'insert into "recovery_codes"',
      'insert into "audit_log"',
      "SELECT 'a'::text AS",
      'SELECT pg_advisory_xact_lock($1, $2)',
      'SELECT c.seq::text AS',
      'INSERT INTO audit_chain',
    ]);
    // The stored code is an HMAC (32 bytes in base64) on both paths: the unknown one paid for it too.
    const hmacOf = (s: Statement[]) =>
      s
        .find((x) => x.sql.startsWith('insert into "recovery_codes"'))
        ?.params.find((p) => typeof p === 'string' && /^[\w+/]{43}=$/.test(p));
    expect(hmacOf(unknown.statements)).toEqual(expect.any(String));
    expect(hmacOf(known.statements)).toEqual(expect.any(String));
  });
});
