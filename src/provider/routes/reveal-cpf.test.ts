// Consulta's masked CPF and its audited "mostrar" (issue 16, decision 090): what each profile's answers carry, the
// Consulta CSV, and the reveal's answer and audit row (none for another company).
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResponse } from '../../contracts/audit.ts';
import { messages } from '../../contracts/messages.ts';
import { RADAR_CATEGORIES } from '../../contracts/radar.ts';
import { auditLog } from '../db/schema.ts';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCard,
  buildCards,
  buildCompany,
  buildUser,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';
import { DOWNLOAD_CHANNEL_HEADER } from './exports.ts';

type CompanyRow = BuiltCompany;
let h: Harness;
/** A session of each profile in the company: the demo operator (Administrador), a Gestor (manager), a Consulta (reader). */
const tokens: Record<'admin' | 'manager' | 'reader', string> = { admin: '', manager: '', reader: '' };
let consulta: BuiltUser;
let company: CompanyRow;
let foreign: CompanyRow;
let holder: { id: string; cpf: string; name: string; last4: string };
let foreignAccount: string;
const ADDRESS = '203.0.113.77';
const MASKED = /^\d{3}\.\*{3}\.\*{3}-\d{2}$/;
const masked = (cpf: string) => `${cpf.slice(0, 3)}.***.***-${cpf.slice(9)}`;

beforeAll(async () => {
  h = await createHarness();
  company = await buildCompany(h, { members: [DEMO.login] });
  const gestor = await buildUser(h, {
    companies: [{ company, profile: 'GESTOR_CARTOES' }],
    password: DEMO.password,
  });
  consulta = await buildUser(h, {
    name: 'Regina Castro Moura',
    companies: [{ company, profile: 'CONSULTA' }],
    password: DEMO.password,
  });
  // The holder, issued long ago and never used, so the radar lists it too; and two others.
  const { account, card } = await buildCard(h, company, { card: { createdAt: new Date('2025-06-01T12:00:00Z') } });
  holder = { id: account.id, cpf: account.documentNumber, name: account.holderName, last4: card.last4 };
  await buildCards(h, company, 2);
  // A company neither of them acts for, with a holder.
  foreign = await buildCompany(h);
  foreignAccount = (await buildCard(h, foreign)).account.id;
  tokens.admin = await h.token(DEMO.login, DEMO.password);
  tokens.manager = await h.token(gestor.login, DEMO.password);
  tokens.reader = await h.token(consulta.login, DEMO.password);
});
afterAll(() => h.close());

const companyHeaders = () => ({ cnpj: company.cnpj, relationcode: company.relationCode });
const get = (url: string, token: string, headers: Record<string, string> = {}, query: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, query, headers: { ...bearer(token), ...headers }, remoteAddress: ADDRESS });

const cpfsOf = {
  accounts: async (token: string) => {
    const res = await get('/v1/corporate/accounts', token, { ...companyHeaders(), startaccount: '', direction: '' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { subAccounts: { documentNumber: string }[] }).subAccounts.map((a) => a.documentNumber);
  },
  search: async (token: string) => {
    const res = await get(`/v1/cards/${holder.cpf}`, token, companyHeaders());
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { cardsResult: { documentNumber: string }[] }).cardsResult.map((c) => c.documentNumber);
  },
  cardsOfAccount: async (token: string) => {
    const res = await get(`/v1/cards/account/${holder.id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { cardsResult: { documentNumber: string }[] }).cardsResult.map((c) => c.documentNumber);
  },
  holder: async (token: string) => {
    const res = await get(`/v1/accounts/data/${holder.id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return [(res.json() as { documentNumber: string }).documentNumber];
  },
  radar: async (token: string) => {
    const found: string[] = [];
    for (const category of RADAR_CATEGORIES) {
      const res = await get('/v1/corporate/radar/cards', token, companyHeaders(), { category });
      expect(res.statusCode, res.body).toBe(200);
      found.push(...(res.json() as { cards: { documentNumber: string }[] }).cards.map((c) => c.documentNumber));
    }
    return found;
  },
};

describe('the answers carry masked CPFs for Consulta only', () => {
  for (const [what, read] of Object.entries(cpfsOf)) {
    it(`${what}: Consulta gets 000.***.***-00, Gestor and Administrador the 11 digits`, async () => {
      const consulta = await read(tokens.reader);
      expect(consulta.length).toBeGreaterThan(0);
      for (const cpf of consulta) expect(cpf).toMatch(MASKED);
      for (const login of ['manager', 'admin'] as const) {
        const full = await read(tokens[login]);
        expect(full.length).toBe(consulta.length);
        for (const cpf of full) expect(cpf).toMatch(/^\d{11}$/);
        expect(full.map(masked)).toEqual(consulta);
      }
    });
  }

  it('the CPF search answers the searched holder, masked, to Consulta', async () => {
    expect(await cpfsOf.search(tokens.reader)).toContain(masked(holder.cpf));
  });
});

describe('the holders CSV', () => {
  async function csvOf(token: string) {
    const t = await h.app.inject({
      method: 'POST',
      url: '/v1/exports/ticket',
      headers: bearer(token),
      payload: { kind: 'holders', filters: { cnpj: company.cnpj, relationCode: company.relationCode } },
    });
    expect(t.statusCode, t.body).toBe(200);
    const res = await h.app.inject({
      method: 'GET',
      url: '/v1/exports/download',
      headers: {
        ...bearer(token),
        exportticket: (t.json() as { ticket: string }).ticket,
        [DOWNLOAD_CHANNEL_HEADER]: '1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.body.slice(1), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    const column = (records[0] as string[]).indexOf(messages.exports.columns.cpf);
    expect(column).toBeGreaterThanOrEqual(0);
    return records.slice(1).map((r) => r[column] as string);
  }

  it('is written with masked CPFs for Consulta and full ones for Gestor', async () => {
    const consulta = await csvOf(tokens.reader);
    const gestor = await csvOf(tokens.manager);
    expect(consulta.length).toBeGreaterThan(0);
    expect(consulta.length).toBe(gestor.length);
    for (const cpf of consulta) expect(cpf).toMatch(MASKED);
    for (const cpf of gestor) expect(cpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(gestor.map((c) => masked(c.replace(/\D/g, '')))).toEqual(consulta);
  });
});

describe('revealCpf', () => {
  const reveals = () => h.db.select().from(auditLog).where(eq(auditLog.action, 'cpf.reveal'));

  it('answers the full CPF to Consulta and writes one audit row: who, from where, which card', async () => {
    const before = (await reveals()).length;
    const res = await get(`/v1/accounts/cpf/${holder.id}`, tokens.reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uuid: holder.id, cardHolder: holder.name, documentNumber: holder.cpf });
    const rows = await reveals();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1);
    expect(row).toMatchObject({
      actorLogin: consulta.login,
      actorName: 'Regina Castro Moura',
      address: ADDRESS,
      companyId: company.id,
      target: `account:${holder.id}`,
    });
    expect(JSON.stringify(row)).not.toContain(holder.cpf);
  });

  it('shows on the Administrador’s audit trail as cpf.reveal, with the card and the holder', async () => {
    const res = await get('/v1/audit/events', tokens.admin, companyHeaders(), { action: 'cpf.reveal' });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = auditResponse.parse(res.json()).events;
    expect(event).toMatchObject({
      action: 'cpf.reveal',
      actorLogin: consulta.login,
      address: ADDRESS,
      target: { last4: holder.last4, holder: holder.name },
    });
    expect(messages.audit.actions['cpf.reveal']).toBe('Exibição do CPF completo');
  });

  it('answers the full CPF to the other profiles too, each reveal audited', async () => {
    const before = (await reveals()).length;
    for (const login of ['manager', 'admin'] as const) {
      const res = await get(`/v1/accounts/cpf/${holder.id}`, tokens[login]);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { documentNumber: string }).documentNumber).toBe(holder.cpf);
    }
    expect((await reveals()).length).toBe(before + 2);
  });

  it('another company’s account is 404 and writes nothing', async () => {
    const before = await h.db.select().from(auditLog);
    const res = await get(`/v1/accounts/cpf/${foreignAccount}`, tokens.reader);
    expect(res.statusCode, res.body).toBe(404);
    expect((res.json() as { code: string }).code).toBe('HOLDER_NOT_FOUND');
    expect(res.body).not.toMatch(/\d{11}/);
    expect((await h.db.select().from(auditLog)).length).toBe(before.length);
  });

  it('an unknown account is 404 and a malformed one 400', async () => {
    expect((await get('/v1/accounts/cpf/00000000-0000-4000-8000-000000000000', tokens.reader)).statusCode).toBe(404);
    expect((await get('/v1/accounts/cpf/nope', tokens.reader)).statusCode).toBe(400);
  });
});
