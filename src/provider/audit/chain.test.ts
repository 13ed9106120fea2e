// The keyed audit chain (decision 125), on PostgreSQL and PGlite: what the product writes — audit rows and card events
// — is linked into one chain per company, even written at once; the database refuses edits and deletions of both;
// `npm run audit:verify` finds the chains whole, asks for a published head before it vouches for them, publishes one
// on demand, and checks against it afterwards. The tamperings are in tamper.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerifyCommand } from '../admin/audit-verify-command.ts';
import { commandRunner } from '../admin/test-support.ts';
import { auditChain, auditLog, cardEvents, portalUsers } from '../db/schema.ts';
import { buildCard, buildCompany } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';
import { appendAudit, appendCardEvent } from './append.ts';
import { verifyAuditChain } from './chain.ts';
import { readPublished } from './heads.ts';
import { testAuditKeys } from './test-keys.ts';

let h: Harness;
let companyA: { id: number; cnpj: string };
let companyB: number;
let token: string;
let cardOfA: { cardId: string; accountId: string; last4: string };

beforeAll(async () => {
  h = await createHarness();
  // Company A is the demo operator's (it creates a user there), with a holder of its own; B gets rows written straight.
  const a = await buildCompany(h, { members: [DEMO.login] });
  companyA = { id: a.id, cnpj: a.cnpj };
  companyB = (await buildCompany(h)).id;
  token = await h.token(DEMO.login, DEMO.password);
  const { account, card } = await buildCard(h, a);
  cardOfA = { cardId: card.id, accountId: account.id, last4: card.last4 };
});
afterAll(() => h.close());

const row = (companyId: number | null, n: number) => ({
  at: new Date(Date.UTC(2026, 2, 2, 12, 0, n % 60)),
  action: 'TESTE',
  target: `alvo-${n}`,
  companyId,
  actorLogin: 'auditor',
  actorName: 'Auditor de Teste',
  before: { limite: n, nota: 'Ação & reação' },
  after: { limite: n + 1.5 },
  address: '203.0.113.7',
});

const event = (companyId: number | null, n: number) => ({
  cardId: cardOfA.cardId,
  at: new Date(Date.UTC(2026, 2, 2, 12, 1, n % 60)),
  action: 'BLOCK',
  before: { status: 'Actived' },
  after: { status: 'Blocked', blockCode: 'P', n },
  address: '2001:db8::1',
  companyId,
});

async function verifyCommand(...argv: string[]) {
  const run = commandRunner(h.handle);
  const code = await auditVerifyCommand(argv, run.opts({ AUDIT_HEADS_DIR: h.headsDir }));
  return { code, printed: run.printed() };
}

/** The database's own reason for refusing a statement (drizzle wraps it as the error's cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
    return 'accepted';
  } catch (err) {
    return String((err as { cause?: Error }).cause?.message ?? err);
  }
}

describe('the keyed audit chain', () => {
  it('links what the product writes, audit rows and card events together, one unbroken chain per company', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/v0/portal/usuario/',
      headers: { ...bearer(token), cnpj: companyA.cnpj },
      payload: {
        login: 'pessoa.auditada',
        numCelular: 912345678,
        nomeUsuario: 'Pessoa Auditada',
        numeroDocumento: '52998224725',
        ddd: 11,
        ddi: 55,
        listaPerfis: [''],
        email: 'pessoa.auditada@example.com',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const blocked = await h.app.inject({
      method: 'POST',
      url: `/v1/cards/block/${cardOfA.accountId}`,
      headers: bearer(token),
      payload: { descriptionOccurrence: 'Cliente informou perda', last4digits: cardOfA.last4, blockingReason: 'P' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    // Writers of three chains at once, each alternating audit rows and card events: still one sequence per chain.
    await Promise.all(
      Array.from({ length: 36 }, (_, n) => {
        const company = [companyA.id, companyB, null][n % 3] ?? null;
        return n % 2 ? appendAudit(h.db, row(company, n)) : appendCardEvent(h.db, event(company, n));
      }),
    );

    const links = await h.db.select().from(auditChain).orderBy(auditChain.chain, auditChain.seq);
    const audits = await h.db.select({ id: auditLog.id, companyId: auditLog.companyId }).from(auditLog);
    const events = await h.db.select({ id: cardEvents.id, companyId: cardEvents.companyId }).from(cardEvents);
    // Every row linked once, in its company's chain.
    const linked = new Map(links.map((l) => [`${l.source}-${l.rowId}`, l.chain]));
    expect(linked.size).toBe(links.length);
    expect(links.length).toBe(audits.length + events.length);
    for (const a of audits) expect(linked.get(`a-${a.id}`)).toBe(a.companyId ?? 0);
    for (const e of events) expect(linked.get(`c-${e.id}`)).toBe(e.companyId ?? 0);
    for (const chain of new Set(links.map((l) => l.chain))) {
      const seqs = links.filter((l) => l.chain === chain).map((l) => l.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    const chainA = links.filter((l) => l.chain === companyA.id);
    expect(chainA.filter((l) => l.source === 'c').length).toBeGreaterThanOrEqual(7);

    const report = await verifyAuditChain(h.db, testAuditKeys());
    expect(report.broken).toEqual([]);
    expect(report.rows).toBe(links.length);
    expect(report.heads.find((x) => x.chain === companyA.id)?.seq).toBe(chainA.length);
  });

  it('the database holds no hash function and no chain trigger: nothing there is asked whether the trail holds', async () => {
    const found = await h.handle.sql.query<{ name: string }>(
      `select proname as name from pg_proc where proname in ('audit_log_row_hash', 'audit_log_chain')
       union all select tgname from pg_trigger where tgname = 'audit_log_chain'`,
    );
    expect(found.rows).toEqual([]);
  });

  it('asks for a published head, publishes one on demand, then checks against it', async () => {
    const first = await verifyCommand();
    expect(first.code).toBe(1);
    expect(first.printed).toContain(`Nenhum topo publicado em ${h.headsDir}`);

    const published = await verifyCommand('--publish');
    expect(published.code, published.printed).toBe(0);
    const links = await h.db.select({ chain: auditChain.chain }).from(auditChain);
    const chains = new Set(links.map((l) => l.chain)).size;
    expect(published.printed).toContain(`Trilha de auditoria íntegra: ${links.length} registros em ${chains} cadeias.`);
    expect(published.printed).toContain(`Topo publicado em ${join(h.headsDir, 'latest.json')} (${chains} cadeias).`);
    const file = JSON.parse(readFileSync(join(h.headsDir, 'latest.json'), 'utf8'));
    expect(file.heads).toHaveLength(chains);
    expect(file.signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect((await readPublished(h.headsDir, testAuditKeys())).state).toBe('ok');

    const again = await verifyCommand();
    expect(again.code, again.printed).toBe(0);
    expect(again.printed).toContain(`Conferida com o topo publicado em ${file.publishedAt}.`);
    expect(again.printed).toContain(`Último registro da cadeia da empresa ${companyA.id}: nº `);

    const bad = await verifyCommand('--sem-isso');
    expect(bad.code).toBe(2);
    expect(bad.printed).toContain('Uso: npm run audit:verify [-- --publish]');
  });

  it('refuses plain updates and deletions of audit rows and card events; a deleted user keeps rows and chain', async () => {
    const [a] = await h.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id).limit(1);
    const [c] = await h.db.select({ id: cardEvents.id }).from(cardEvents).orderBy(cardEvents.id).limit(1);
    const aId = a?.id as number;
    const cId = c?.id as number;
    await expect(refusal(h.db.update(auditLog).set({ action: 'OUTRA' }).where(eq(auditLog.id, aId)))).resolves.toMatch(
      /audit_log is append-only \(UPDATE\)/,
    );
    await expect(refusal(h.db.delete(auditLog).where(eq(auditLog.id, aId)))).resolves.toMatch(
      /audit_log is append-only \(DELETE\)/,
    );
    await expect(
      refusal(h.db.update(cardEvents).set({ action: 'UNBLOCK' }).where(eq(cardEvents.id, cId))),
    ).resolves.toMatch(/card_events is append-only \(UPDATE\)/);
    await expect(refusal(h.db.delete(cardEvents).where(eq(cardEvents.id, cId)))).resolves.toMatch(
      /card_events is append-only \(DELETE\)/,
    );

    // A user who wrote an audit row and a card event is deleted: the foreign keys empty the id, login and name stay.
    const { login } = await h.createUser({});
    const [user] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, login));
    const [written] = await appendAudit(h.db, { ...row(companyA.id, 99), actorUserId: user?.id, actorLogin: login });
    const eventId = await appendCardEvent(h.db, { ...event(companyA.id, 99), actorUserId: user?.id });
    await h.db.delete(portalUsers).where(eq(portalUsers.login, login));
    const [kept] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, written as number));
    expect(kept).toMatchObject({ actorUserId: null, actorLogin: login, action: 'TESTE' });
    const [keptEvent] = await h.db.select().from(cardEvents).where(eq(cardEvents.id, eventId));
    expect(keptEvent).toMatchObject({ actorUserId: null, actorLogin: login });
    const after = await verifyCommand();
    expect(after.code, after.printed).toBe(0);
  });
});
