// Consulta's masked address and its audited "mostrar" (issue 16, decision 093): what each profile's holder answer
// carries, the reveal's answer and audit row (none for another company), and the masked file's address columns.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResponse } from '../../contracts/audit.ts';
import { ADDRESS_MASK } from '../../contracts/masked-address.ts';
import { messages } from '../../contracts/messages.ts';
import { accounts, auditLog } from '../db/schema.ts';
import { holdersKind } from '../exports/holders.ts';
import { type BuiltCompany, type BuiltUser, buildCard, buildCompany, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';
import { maskedBatch } from './exports.ts';

type CompanyRow = BuiltCompany;
type AccountRow = typeof accounts.$inferSelect;
let h: Harness;
/** A session of each profile in the company: the demo operator (Administrador), a Gestor (manager), a Consulta (reader). */
const tokens: Record<'admin' | 'manager' | 'reader', string> = { admin: '', manager: '', reader: '' };
let consulta: BuiltUser;
let company: CompanyRow;
let holder: AccountRow & { last4: string };
let foreignAccount: string;
const ADDRESS = '203.0.113.78';
const MASKED_CEP = new RegExp(`^\\d{2}${ADDRESS_MASK}-${ADDRESS_MASK}$`);

/** The address as accountData and revealAddress carry it. */
const fullAddress = (a: AccountRow) => ({
  zipCode: a.zipCode,
  address: a.address,
  addressNumber: a.addressNumber,
  addressComplement: a.addressComplement ?? '',
  district: a.district,
  city: a.city,
  state: a.state,
});

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
  // A complement of its own, so the masked answer is seen hiding one.
  const { account, card } = await buildCard(h, company, { account: { addressComplement: 'APTO 12' } });
  holder = { ...account, last4: card.last4 };
  // A company none of them acts for, with a holder.
  foreignAccount = (await buildCard(h, await buildCompany(h))).account.id;
  tokens.admin = await h.token(DEMO.login, DEMO.password);
  tokens.manager = await h.token(gestor.login, DEMO.password);
  tokens.reader = await h.token(consulta.login, DEMO.password);
});
afterAll(() => h.close());

const companyHeaders = () => ({ cnpj: company.cnpj, relationcode: company.relationCode });
const get = (url: string, token: string, headers: Record<string, string> = {}, query: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, query, headers: { ...bearer(token), ...headers }, remoteAddress: ADDRESS });

async function holderAnswer(token: string) {
  const res = await get(`/v1/accounts/data/${holder.id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

describe('the holder answer carries the address masked for Consulta only', () => {
  it('Consulta: CEP 00•••-•••, street, number, complement and district •••; city and state whole', async () => {
    const answer = await holderAnswer(tokens.reader);
    expect(answer.zipCode).toMatch(MASKED_CEP);
    expect(answer.zipCode).toBe(`${holder.zipCode.slice(0, 2)}${ADDRESS_MASK}-${ADDRESS_MASK}`);
    for (const field of ['address', 'addressNumber', 'addressComplement', 'district']) {
      expect(answer[field], field).toBe(ADDRESS_MASK);
    }
    expect(answer.city).toBe(holder.city);
    expect(answer.state).toBe(holder.state);
    // The CPF stays masked beside it, and nothing of the street is in the answer.
    expect(answer.documentNumber).toMatch(/^\d{3}\.\*{3}\.\*{3}-\d{2}$/);
    expect(JSON.stringify(answer)).not.toContain(holder.address);
  });

  it('an empty complement stays empty: a marker would say there is one', async () => {
    await h.db.update(accounts).set({ addressComplement: null }).where(eq(accounts.id, holder.id));
    try {
      expect((await holderAnswer(tokens.reader)).addressComplement).toBe('');
    } finally {
      await h.db
        .update(accounts)
        .set({ addressComplement: holder.addressComplement })
        .where(eq(accounts.id, holder.id));
    }
  });

  for (const login of ['manager', 'admin'] as const) {
    it(`${login === 'admin' ? 'Administrador' : 'Gestor'}: the whole address`, async () => {
      expect(await holderAnswer(tokens[login])).toMatchObject(fullAddress(holder));
    });
  }
});

describe('revealAddress', () => {
  const reveals = () => h.db.select().from(auditLog).where(eq(auditLog.action, 'address.reveal'));

  it('answers the full address to Consulta and writes one audit row: who, from where, which card', async () => {
    const before = (await reveals()).length;
    const res = await get(`/v1/accounts/address/${holder.id}`, tokens.reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uuid: holder.id, cardHolder: holder.holderName, ...fullAddress(holder) });
    const rows = await reveals();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1);
    expect(row).toMatchObject({
      actorLogin: consulta.login,
      actorName: 'Regina Castro Moura',
      address: ADDRESS,
      companyId: company.id,
      target: `account:${holder.id}`,
      after: { last4: holder.last4 },
    });
    // The address itself stays out of the trail.
    expect(JSON.stringify(row)).not.toContain(holder.address);
    expect(JSON.stringify(row)).not.toContain(holder.zipCode);
  });

  it('shows on the Administrador’s audit trail as address.reveal, with the card and the holder', async () => {
    const res = await get('/v1/audit/events', tokens.admin, companyHeaders(), { action: 'address.reveal' });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = auditResponse.parse(res.json()).events;
    expect(event).toMatchObject({
      action: 'address.reveal',
      actorLogin: consulta.login,
      address: ADDRESS,
      target: { last4: holder.last4, holder: holder.holderName },
    });
    expect(messages.audit.actions['address.reveal']).toBe('Exibição do endereço');
  });

  it('answers the full address to the other profiles too, each reveal audited', async () => {
    const before = (await reveals()).length;
    for (const login of ['manager', 'admin'] as const) {
      const res = await get(`/v1/accounts/address/${holder.id}`, tokens[login]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject(fullAddress(holder));
    }
    expect((await reveals()).length).toBe(before + 2);
  });

  it('another company’s account is 404 and writes nothing', async () => {
    const before = await h.db.select().from(auditLog);
    const res = await get(`/v1/accounts/address/${foreignAccount}`, tokens.reader);
    expect(res.statusCode, res.body).toBe(404);
    expect((res.json() as { code: string }).code).toBe('HOLDER_NOT_FOUND');
    expect(res.body).not.toMatch(/\d{8}/);
    expect((await h.db.select().from(auditLog)).length).toBe(before.length);
  });

  it('an unknown account is 404 and a malformed one 400, writing nothing', async () => {
    const before = (await reveals()).length;
    const unknown = await get('/v1/accounts/address/00000000-0000-4000-8000-000000000000', tokens.reader);
    expect(unknown.statusCode).toBe(404);
    expect((await get('/v1/accounts/address/nope', tokens.reader)).statusCode).toBe(400);
    expect((await reveals()).length).toBe(before);
  });
});

describe('a Consulta operator’s file', () => {
  const c = messages.exports.columns;

  it('the holders file has no address column: only its CPF is masked', () => {
    const header = holdersKind.header;
    for (const column of [c.zipCode, c.street, c.addressNumber, c.addressComplement, c.district]) {
      expect(header).not.toContain(column);
    }
  });

  it('masks every address column by its header, as the answers do; city, state and the rest stay', () => {
    const kind = {
      header: [c.holder, c.cpf, c.zipCode, c.street, c.addressNumber, c.addressComplement, c.district, 'Cidade'],
    };
    const rows = [
      ['Ana Souza', '529.982.247-25', '01310-100', 'AV PAULISTA', '1000', 'CONJ 5', 'BELA VISTA', 'SAO PAULO'],
      ['Bruno Lima', '529.982.247-25', '20040020', 'R DA ASSEMBLEIA', '10', '', 'CENTRO', 'RIO DE JANEIRO'],
    ];
    expect(maskedBatch(kind, rows)).toEqual([
      ['Ana Souza', '529.***.***-25', '01•••-•••', '•••', '•••', '•••', '•••', 'SAO PAULO'],
      ['Bruno Lima', '529.***.***-25', '20•••-•••', '•••', '•••', '', '•••', 'RIO DE JANEIRO'],
    ]);
  });
});
