// The audit trail's chain (decision 086), on PGlite and, in CI's PostgreSQL stage, on PostgreSQL: rows written by
// the product link up by themselves, the database refuses edits and deletions, and a row changed behind the
// database's back (triggers off, as an administrator could) is named by the check and by `npm run audit:verify`.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerifyCommand } from '../admin/audit-verify-command.ts';
import { commandRunner } from '../admin/test-support.ts';
import { auditLog, portalUsers } from '../db/schema.ts';
import { buildCompany } from '../test/builders/index.ts';
import { createHarness, DEMO, type Harness } from '../test/harness.ts';
import { verifyAuditChain } from './chain.ts';

let h: Harness;
let companyA: number;
let companyB: number;
let cnpjA: string;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  // Company A is the demo operator's (it creates a user there); company B gets rows written straight.
  const a = await buildCompany(h, { members: [DEMO.login] });
  [companyA, companyB, cnpjA] = [a.id, (await buildCompany(h)).id, a.cnpj];
  token = await h.token(DEMO.login, DEMO.password);
});
afterAll(() => h.close());

const row = (companyId: number | null, n: number) => ({
  at: new Date(Date.UTC(2026, 2, 2, 12, 0, n)),
  action: 'TESTE',
  target: `alvo-${n}`,
  companyId,
  actorLogin: 'auditor',
  actorName: 'Auditor de Teste',
  before: { limite: n },
  after: { limite: n + 1 },
});

/** Runs statements with the triggers off, as a database administrator could: what the chain must reveal. */
async function behindTheDatabase(statement: ReturnType<typeof sql>) {
  await h.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
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

async function verifyCommand() {
  const run = commandRunner(h.handle);
  const code = await auditVerifyCommand([], run.opts({}));
  return { code, printed: run.printed() };
}

describe('audit chain', () => {
  it('links the rows the product writes, per company, and the check finds every chain whole', async () => {
    // The product's own writers: a user created through the endpoint (one audit row, company A) and sign-ins.
    const created = await h.app.inject({
      method: 'POST',
      url: '/v0/portal/usuario/',
      headers: { authorization: `Bearer ${token}`, cnpj: cnpjA },
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
    // And rows written in parallel: each chain stays one sequence, without gaps or forks.
    await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        h.db.insert(auditLog).values(row([companyA, companyB, null][n % 3] ?? null, n)),
      ),
    );

    const report = await verifyAuditChain(h.db);
    expect(report.broken).toEqual([]);
    const all = await h.db.select().from(auditLog);
    expect(report.rows).toBe(all.length);
    for (const head of report.heads) {
      const chain = all.filter((r) => (r.companyId ?? 0) === (head.companyId ?? 0));
      expect(chain.map((r) => r.chainSeq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(chain.map((_, i) => i + 1));
      expect(head.chainSeq).toBe(chain.length);
    }
    expect(all.every((r) => r.hash?.length === 64)).toBe(true);

    const ok = await verifyCommand();
    expect(ok.code).toBe(0);
    expect(ok.printed).toContain(
      `Trilha de auditoria íntegra: ${all.length} registros em ${report.heads.length} cadeias.`,
    );
  });

  it('refuses updates and deletions, whoever asks; deleting a user keeps their rows and the chain', async () => {
    const [first] = await h.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id).limit(1);
    const id = first?.id as number;
    await expect(refusal(h.db.update(auditLog).set({ action: 'OUTRA' }).where(eq(auditLog.id, id)))).resolves.toMatch(
      /audit_log is append-only \(UPDATE\)/,
    );
    await expect(refusal(h.db.delete(auditLog).where(eq(auditLog.id, id)))).resolves.toMatch(
      /audit_log is append-only \(DELETE\)/,
    );
    const [still] = await h.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.id, id));
    expect(still?.action).not.toBe('OUTRA');

    // A user who wrote a row is deleted: the foreign key empties the id, the login and name stay.
    const { login } = await h.createUser({});
    const [user] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, login));
    const [written] = await h.db
      .insert(auditLog)
      .values({ ...row(companyA, 99), actorUserId: user?.id, actorLogin: login })
      .returning({ id: auditLog.id });
    await h.db.delete(portalUsers).where(eq(portalUsers.login, login));
    const [kept] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, written?.id as number));
    expect(kept).toMatchObject({ actorUserId: null, actorLogin: login, action: 'TESTE' });
    expect((await verifyAuditChain(h.db)).broken).toEqual([]);
  });

  it('names the row edited behind the database, and the row after one removed', async () => {
    const chainA = await h.db
      .select({ id: auditLog.id, seq: auditLog.chainSeq })
      .from(auditLog)
      .where(eq(auditLog.companyId, companyA))
      .orderBy(auditLog.chainSeq);
    const edited = chainA[2] as { id: number; seq: number };
    await behindTheDatabase(sql`UPDATE audit_log SET after = '{"limite": 1000000}' WHERE id = ${edited.id}`);
    let report = await verifyAuditChain(h.db);
    expect(report.broken).toEqual([{ id: edited.id, companyId: companyA, chainSeq: edited.seq, reason: 'content' }]);
    const refused = await verifyCommand();
    expect(refused.code).toBe(1);
    expect(refused.printed).toContain(
      `Trilha de auditoria adulterada: o registro ${edited.id} (cadeia da empresa ${companyA}, nº ${edited.seq}) teve o conteúdo alterado.`,
    );

    // Company B's chain: a row removed from its middle is seen at the next row.
    const chainB = await h.db
      .select({ id: auditLog.id, seq: auditLog.chainSeq })
      .from(auditLog)
      .where(eq(auditLog.companyId, companyB))
      .orderBy(auditLog.chainSeq);
    const removed = chainB[1] as { id: number };
    const next = chainB[2] as { id: number; seq: number };
    await behindTheDatabase(sql`DELETE FROM audit_log WHERE id = ${removed.id}`);
    report = await verifyAuditChain(h.db);
    expect(report.broken).toContainEqual({ id: next.id, companyId: companyB, chainSeq: next.seq, reason: 'sequence' });
    // Rewriting the hash too does not help: the next row no longer links to it.
    const afterEdit = chainA[3] as { id: number; seq: number };
    await behindTheDatabase(
      sql`UPDATE audit_log SET hash = audit_log_row_hash(prev_hash, audit_log) WHERE id = ${edited.id}`,
    );
    report = await verifyAuditChain(h.db);
    expect(report.broken).toContainEqual({
      id: afterEdit.id,
      companyId: companyA,
      chainSeq: afterEdit.seq,
      reason: 'link',
    });
  });
});
