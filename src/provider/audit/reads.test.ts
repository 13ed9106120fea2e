// Sensitive reads on the record (issue 29): through HTTP, a full CPF or address shown and the audit trail opened each
// leave an audit row naming who, from where, what call and what it showed; a profile that saw them masked leaves none.
// And the gathering itself: one row per operator and company a second, each read listed.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, portalUsers } from '../db/schema.ts';
import { type BuiltCompany, buildCard, buildCompany, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';
import { READS_PER_ROW, ReadLog } from './reads.ts';

let h: Harness;
let company: BuiltCompany;
let holder: { uuid: string };
let CONSULTA: string;

beforeAll(async () => {
  h = await createHarness();
  // A company the demo operator administers, with a Consulta operator of its own and a holder.
  company = await buildCompany(h, { members: [DEMO.login] });
  ({ login: CONSULTA } = await buildUser(h, {
    companies: [{ company, profile: 'CONSULTA' }],
    password: DEMO.password,
  }));
  const { account } = await buildCard(h, company);
  holder = { uuid: account.id };
});
afterAll(() => h.close());

const rowsOf = async (login: string, action: string) => {
  const [user] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, login));
  return h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, user?.id as string), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
};

async function read(login: string, url: string, headers: Record<string, string> = {}) {
  const token = await h.token(login, DEMO.password);
  const res = await h.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('through HTTP', () => {
  it('a holder’s data shown in full is recorded; the same data shown masked to Consulta is not', async () => {
    const before = (await rowsOf(DEMO.login, 'personal-data.read')).length;
    await read(DEMO.login, `/v1/accounts/data/${holder.uuid}`, { 'x-forwarded-for': '203.0.113.44' });
    const [row] = await rowsOf(DEMO.login, 'personal-data.read');
    expect((await rowsOf(DEMO.login, 'personal-data.read')).length).toBe(before + 1);
    expect(row).toMatchObject({ target: `account:${holder.uuid}`, address: '203.0.113.44' });
    expect(row?.after).toMatchObject({
      leituras: [{ chamada: 'holder', alvo: `account:${holder.uuid}`, dados: ['cpf', 'address'] }],
    });

    const consultaBefore = (await rowsOf(CONSULTA, 'personal-data.read')).length;
    const masked = await read(CONSULTA, `/v1/accounts/data/${holder.uuid}`);
    expect(masked.json().documentNumber).toContain('*');
    expect((await rowsOf(CONSULTA, 'personal-data.read')).length).toBe(consultaBefore);
  });

  it('a page of the company’s holders and the audit trail opened are recorded', async () => {
    const headers = { cnpj: company.cnpj, relationcode: company.relationCode };
    await read(DEMO.login, '/v1/corporate/accounts', headers);
    const [page] = await rowsOf(DEMO.login, 'personal-data.read');
    expect(page?.after).toMatchObject({ leituras: [{ chamada: 'accounts', alvo: `empresa:${company.cnpj}` }] });
    await read(DEMO.login, '/v1/audit/events', headers);
    const [trail] = await rowsOf(DEMO.login, 'audit.read');
    expect(trail).toMatchObject({ target: `empresa:${company.cnpj}` });
    expect(trail?.after).toMatchObject({ leituras: [{ chamada: 'auditTrail' }] });
  });
});

describe('the gathering', () => {
  it('writes one row per operator and company a flush, listing every read; a full row is written at once', async () => {
    const [demo] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, DEMO.login));
    const log = new ReadLog(h.db, { error: () => undefined }, h.clock);
    const one = {
      action: 'personal-data.read' as const,
      actorUserId: demo?.id as string,
      companyId: company.id,
      address: '198.51.100.7',
      endpoint: 'holder',
      data: ['cpf'],
    };
    const count = async () => (await h.db.select().from(auditLog).where(eq(auditLog.address, '198.51.100.7'))).length;
    log.record({ ...one, target: 'account:a' });
    log.record({ ...one, target: 'account:b' });
    expect(await count()).toBe(0);
    await log.flush();
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.address, '198.51.100.7'));
    expect(row).toMatchObject({ target: '2 leituras', action: 'personal-data.read' });
    expect((row?.after as { leituras: { alvo: string }[] } | undefined)?.leituras.map((l) => l.alvo)).toEqual([
      'account:a',
      'account:b',
    ]);
    for (let i = 0; i < READS_PER_ROW; i++) log.record({ ...one, target: `account:${i}` });
    await log.flush();
    expect(await count()).toBe(2);
  });
});
