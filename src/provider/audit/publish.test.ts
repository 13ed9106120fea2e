// The audit chain's heads published outside the database (decision 125), on PostgreSQL and PGlite: at the provider's
// start and on its schedule, signed and read back by the Auditoria screen (GET /v1/audit/events) with their time; a
// chain cut since its last head is refused a new one (the old file stays); a rotation of the master key re-keys the
// chain after checking it, publishes under the new key and keeps the old head beside it; the rows of an upgraded
// database are adopted once, and a row slipped in after the upgrade never is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResponse } from '../../contracts/audit.ts';
import { messages } from '../../contracts/messages.ts';
import { testConfig } from '../../platform/config.ts';
import { MasterKey } from '../../platform/master-key.ts';
import { auditVerifyCommand } from '../admin/audit-verify-command.ts';
import { commandRunner } from '../admin/test-support.ts';
import { auditChain, auditLog, serverSecrets } from '../db/schema.ts';
import { scheduleHeadPublication } from '../jobs/audit-heads.ts';
import { loadSecret } from '../services/secrets.ts';
import { type BuiltCompany, buildCompany } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';
import { adoptLegacyRows } from './adopt.ts';
import { appendAudit } from './append.ts';
import { readPublished } from './heads.ts';
import { publishHeads } from './publish.ts';
import { rotateWithAuditChain } from './rotation.ts';
import { testAuditKeys } from './test-keys.ts';

let h: Harness;
let token: string;
let companyA: BuiltCompany;
let companyAId: number;

beforeAll(async () => {
  h = await createHarness();
  // A company of the suite's own, the demo operator its Administrador (issue 26's builders).
  companyA = await buildCompany(h, { members: [DEMO.login] });
  companyAId = companyA.id;
  token = await h.token(DEMO.login, DEMO.password);
});
afterAll(() => h.close());

const write = (n: number, companyId: number | null = companyAId) =>
  appendAudit(h.db, {
    at: new Date(Date.UTC(2026, 2, 2, 11, 0, n)),
    action: 'export.csv',
    target: 'cards',
    companyId,
    actorLogin: 'demo',
    actorName: 'Operador Demo',
    after: { kind: 'cards', rows: n },
  });

const trail = async () => {
  const res = await h.app.inject({
    method: 'GET',
    url: '/v1/audit/events',
    headers: { ...bearer(token), cnpj: companyA.cnpj, relationcode: companyA.relationCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return auditResponse.parse(res.json()).published;
};

const chainLength = async (chain: number) =>
  (await h.db.select({ seq: auditChain.seq }).from(auditChain).where(eq(auditChain.chain, chain))).length;

describe('the published heads', () => {
  it('are published at the start and on schedule, and the Auditoria screen shows the last one with its time', async () => {
    for (let n = 1; n <= 3; n++) await write(n);
    expect(await trail()).toEqual({ state: 'absent', seq: null, mac: null, publishedAt: null });

    // A provider of its own for the schedule: hooks are added before an app starts.
    const app = Fastify();
    const times = ['2026-03-02T12:00:00.000Z', '2026-03-02T12:15:00.000Z'];
    const schedule = scheduleHeadPublication(app, h.handle, testConfig({ AUDIT_HEADS_DIR: h.headsDir }), {
      clock: () => new Date(times.shift() ?? 'invalid'),
    });
    await app.ready();
    // The start's publication, then one more (as the interval's would be): both ran, in turn.
    await schedule.publishNow();
    expect(times).toEqual([]);
    await app.close();
    const published = await readPublished(h.headsDir, testAuditKeys());
    if (published.state !== 'ok') throw new Error(`not published: ${published.state}`);
    const head = published.file.heads.find((x) => x.chain === companyAId);
    const seq = await chainLength(companyAId);
    expect(head?.seq).toBe(seq);
    expect(await trail()).toEqual({
      state: 'published',
      seq,
      mac: head?.mac,
      publishedAt: '2026-03-02T12:15:00.000Z',
    });

    // A file whose signature does not hold is not shown as a head.
    const file = join(h.headsDir, 'latest.json');
    const kept = readFileSync(file, 'utf8');
    writeFileSync(file, kept.replace(`"seq": ${seq},`, `"seq": ${seq + 5},`));
    expect(await trail()).toEqual({ state: 'invalid', seq: null, mac: null, publishedAt: null });
    writeFileSync(file, kept);
  });

  it('are refused over a chain cut since its last head: the last file stays, as the evidence', async () => {
    await write(4);
    const first = await publishHeads(h.db, testAuditKeys(), h.headsDir, new Date('2026-03-02T12:30:00Z'));
    const seq = first.heads.find((x) => x.chain === companyAId)?.seq as number;
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      const [last] = await tx.select().from(auditChain).where(sql`chain = ${companyAId} and seq = ${seq}`);
      await tx.delete(auditLog).where(eq(auditLog.id, last?.rowId as number));
      await tx.execute(sql`DELETE FROM audit_chain WHERE chain = ${companyAId} AND seq = ${seq}`);
    });
    const before = readFileSync(join(h.headsDir, 'latest.json'), 'utf8');
    await expect(
      publishHeads(h.db, testAuditKeys(), h.headsDir, new Date('2026-03-02T12:45:00Z')),
    ).rejects.toMatchObject({
      name: 'HeadsRefused',
      broken: [{ chain: companyAId, seq: seq - 1, reason: 'truncated', publishedSeq: seq }],
    });
    expect(readFileSync(join(h.headsDir, 'latest.json'), 'utf8')).toBe(before);
    // The portal writes on over the cut: still refused, now as a chain that differs at its published head.
    await write(5);
    await expect(
      publishHeads(h.db, testAuditKeys(), h.headsDir, new Date('2026-03-02T13:00:00Z')),
    ).rejects.toMatchObject({ broken: [{ chain: companyAId, seq, reason: 'rechained' }] });
  });
});

describe('a master key rotation', () => {
  let r: Harness;
  beforeAll(async () => {
    r = await createHarness();
  });
  afterAll(() => r.close());

  const verifyWith = async (key: string) => {
    const run = commandRunner(r.handle);
    const code = await auditVerifyCommand([], run.opts({ AUDIT_HEADS_DIR: r.headsDir, FIDIS_MASTER_KEY: key }));
    return { code, printed: run.printed() };
  };

  it('re-keys the chain in the same transaction, publishes under the new key and keeps the old head', async () => {
    const current = MasterKey.fromBase64(testConfig().FIDIS_MASTER_KEY as string);
    const nextText = Buffer.alloc(32, 11).toString('base64');
    const next = MasterKey.fromBase64(nextText);
    await appendAudit(r.db, { at: new Date(), action: 'export.csv', target: 'cards', companyId: null });
    await publishHeads(r.db, testAuditKeys(), r.headsDir, new Date('2026-03-02T12:00:00Z'));

    const rotated = await rotateWithAuditChain(r.handle, current, next, r.headsDir, new Date('2026-03-02T12:05:00Z'));
    expect(rotated.chains).toBeGreaterThan(0);
    expect(readdirSync(r.headsDir).sort()).toEqual(['heads-2026-03-02T12-00-00-000Z-previous-key.json', 'latest.json']);
    const withNext = await verifyWith(nextText);
    expect(withNext.code, withNext.printed).toBe(0);
    expect(withNext.printed).toContain('Conferida com o topo publicado em 2026-03-02T12:05:00.000Z.');
    const withOld = await verifyWith(testConfig().FIDIS_MASTER_KEY as string);
    expect(withOld.code).toBe(1);
    expect(withOld.printed).toContain(messages.admin.audit.invalidHeads(join(r.headsDir, 'latest.json')));
    // And the secrets went with it, in the same transaction.
    await expect(loadSecret(r.db, 'jwt-signing-key', next)).resolves.toBeInstanceOf(Buffer);
  });

  it('refuses to launder a broken chain: nothing changes, the secrets stay under the current key', async () => {
    const current = MasterKey.fromBase64(Buffer.alloc(32, 11).toString('base64'));
    const next = MasterKey.fromBase64(Buffer.alloc(32, 12).toString('base64'));
    const [row] = await r.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    await r.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE audit_log SET target = 'outro' WHERE id = ${row?.id}`);
    });
    const sealed = await r.db.select().from(serverSecrets);
    await expect(
      rotateWithAuditChain(r.handle, current, next, r.headsDir, new Date('2026-03-02T13:00:00Z')),
    ).rejects.toThrow(/a trilha de auditoria não confere com a chave atual \(1 quebra\(s\)\)/);
    expect(await r.db.select().from(serverSecrets)).toEqual(sealed);
  });
});

describe('an upgraded database', () => {
  it('adopts the rows written before the keyed chain once, and never a row slipped in afterwards', async () => {
    const u = await createHarness();
    try {
      // As migration 0018 finds a database: rows without links, and their last ids recorded.
      const legacy = await u.db
        .insert(auditLog)
        .values([1, 2, 3].map((n) => ({ at: new Date(), action: 'user.update', target: `u${n}`, companyId: null })))
        .returning({ id: auditLog.id });
      await u.db.execute(sql`INSERT INTO audit_chain_legacy (source, upto_id) VALUES ('a', ${legacy[2]?.id})`);
      const [slipped] = await u.db
        .insert(auditLog)
        .values({ at: new Date(), action: 'user.delete', target: 'depois', companyId: null })
        .returning({ id: auditLog.id });
      expect(await adoptLegacyRows(u.db)).toBe(3);
      expect(await adoptLegacyRows(u.db)).toBe(0);
      const linked = await u.db.select({ rowId: auditChain.rowId }).from(auditChain);
      expect(linked.map((l) => l.rowId).sort()).toEqual(legacy.map((l) => l.id).sort());
      const run = commandRunner(u.handle);
      expect(await auditVerifyCommand(['--publish'], run.opts({ AUDIT_HEADS_DIR: u.headsDir }))).toBe(1);
      expect(run.printed()).toBe(messages.admin.audit.broken.unlinked(0, `a-${slipped?.id}`));
    } finally {
      await u.close();
    }
  });
});
