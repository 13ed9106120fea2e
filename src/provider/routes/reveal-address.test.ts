// Consulta's masked address and its audited "mostrar" (issue 16, decision 093): what each profile's holder answer
// carries, the reveal's answer and audit row (none for another company), and the masked file's address columns.
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResponse } from '../../contracts/audit.ts';
import { ADDRESS_MASK } from '../../contracts/masked-address.ts';
import { messages } from '../../contracts/messages.ts';
import { accounts, auditLog, cards, companies, portalUsers, userCompanies } from '../db/schema.ts';
import { holdersKind } from '../exports/holders.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';
import { maskedBatch } from './exports.ts';

type CompanyRow = typeof companies.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
let h: Harness;
const tokens: Record<'demo' | 'gestor' | 'consulta', string> = { demo: '', gestor: '', consulta: '' };
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
  for (const login of ['demo', 'gestor', 'consulta'] as const) {
    tokens[login] = await h.token(login === 'demo' ? DEMO.login : login, DEMO.password);
  }
  const [link] = await h.db
    .select({ company: companies })
    .from(userCompanies)
    .innerJoin(portalUsers, eq(portalUsers.id, userCompanies.userId))
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(portalUsers.login, 'consulta'));
  company = (link as { company: CompanyRow }).company;
  const linked = h.db
    .select({ id: userCompanies.companyId })
    .from(userCompanies)
    .innerJoin(portalUsers, eq(portalUsers.id, userCompanies.userId))
    .where(eq(portalUsers.login, 'consulta'));
  const [foreign] = (await h.db.select().from(companies).where(notInArray(companies.id, linked)).limit(1)) as [
    CompanyRow,
  ];
  const [row] = await h.db
    .select({ account: accounts, last4: cards.last4 })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(eq(accounts.companyId, company.id))
    .orderBy(asc(accounts.accountNumber))
    .limit(1);
  const found = row as { account: AccountRow; last4: string };
  // A complement of its own, so the masked answer is seen hiding one (the seed leaves some empty).
  if (!found.account.addressComplement) {
    await h.db.update(accounts).set({ addressComplement: 'APTO 12' }).where(eq(accounts.id, found.account.id));
    found.account.addressComplement = 'APTO 12';
  }
  holder = { ...found.account, last4: found.last4 };
  const [other] = await h.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.companyId, foreign.id))
    .limit(1);
  foreignAccount = (other as { id: string }).id;
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
    const answer = await holderAnswer(tokens.consulta);
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
      expect((await holderAnswer(tokens.consulta)).addressComplement).toBe('');
    } finally {
      await h.db
        .update(accounts)
        .set({ addressComplement: holder.addressComplement })
        .where(eq(accounts.id, holder.id));
    }
  });

  for (const login of ['gestor', 'demo'] as const) {
    it(`${login === 'demo' ? 'Administrador' : 'Gestor'}: the whole address`, async () => {
      expect(await holderAnswer(tokens[login])).toMatchObject(fullAddress(holder));
    });
  }
});

describe('revealAddress', () => {
  const reveals = () => h.db.select().from(auditLog).where(eq(auditLog.action, 'address.reveal'));

  it('answers the full address to Consulta and writes one audit row: who, from where, which card', async () => {
    const before = (await reveals()).length;
    const res = await get(`/v1/accounts/address/${holder.id}`, tokens.consulta);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uuid: holder.id, cardHolder: holder.holderName, ...fullAddress(holder) });
    const rows = await reveals();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1);
    expect(row).toMatchObject({
      actorLogin: 'consulta',
      actorName: 'Cecília Andrade Pires',
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
    const res = await get('/v1/audit/events', tokens.demo, companyHeaders(), { action: 'address.reveal' });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = auditResponse.parse(res.json()).events;
    expect(event).toMatchObject({
      action: 'address.reveal',
      actorLogin: 'consulta',
      address: ADDRESS,
      target: { last4: holder.last4, holder: holder.holderName },
    });
    expect(messages.audit.actions['address.reveal']).toBe('Exibição do endereço');
  });

  it('answers the full address to the other profiles too, each reveal audited', async () => {
    const before = (await reveals()).length;
    for (const login of ['gestor', 'demo'] as const) {
      const res = await get(`/v1/accounts/address/${holder.id}`, tokens[login]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject(fullAddress(holder));
    }
    expect((await reveals()).length).toBe(before + 2);
  });

  it('another company’s account is 404 and writes nothing', async () => {
    const before = await h.db.select().from(auditLog);
    const res = await get(`/v1/accounts/address/${foreignAccount}`, tokens.consulta);
    expect(res.statusCode, res.body).toBe(404);
    expect((res.json() as { code: string }).code).toBe('HOLDER_NOT_FOUND');
    expect(res.body).not.toMatch(/\d{8}/);
    expect((await h.db.select().from(auditLog)).length).toBe(before.length);
  });

  it('an unknown account is 404 and a malformed one 400, writing nothing', async () => {
    const before = (await reveals()).length;
    const unknown = await get('/v1/accounts/address/00000000-0000-4000-8000-000000000000', tokens.consulta);
    expect(unknown.statusCode).toBe(404);
    expect((await get('/v1/accounts/address/nope', tokens.consulta)).statusCode).toBe(400);
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
