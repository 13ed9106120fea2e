// Free text on the provider (issue 29, decision 128): a name takes the card request's rule (letters, accents,
// spaces, '&'), a line refuses markup, control characters and a formula start. A refused value is a 400 naming the
// field and the rule in pt-BR, and nothing is written — whatever the form in front of it checked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { validHolderUpdate } from '../../contracts/test/holder-fixture.ts';
import { validProposal } from '../../contracts/test/proposal-fixture.ts';
import { accounts, cardEvents, portalUsers, proposals } from '../db/schema.ts';
import { type BuiltCompany, buildCard, buildCompany, freshCpf } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let token: string;
let company: BuiltCompany;

beforeAll(async () => {
  h = await createHarness();
  company = await buildCompany(h, { members: [DEMO.login] });
  token = await h.token(DEMO.login, DEMO.password);
});
afterAll(() => h.close());

const call = (method: 'PUT' | 'POST', url: string, payload: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method, url, headers: { ...bearer(token), ...headers }, payload });

/** Markup, a formula, a line break and a tab: what a name or a line must refuse. */
const HOSTILE = ['<script>alert(1)</script>', '=HYPERLINK("http://x")', '+5511999', '@SUM(A1)', 'Rua A\r\nBcc: x'];

function refused(res: { statusCode: number; json(): unknown }, field: string, rule: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string };
  expect(body.message).toBe(`${messages.generic.invalidField} "${field}": ${rule}`);
}

const rules = messages.fields;

describe('names take letters, accents, spaces and & only', () => {
  it('a holder’s name and mother’s name: refused, the holder unchanged, no card event', async () => {
    const row = await buildCard(h, company);
    const before = (await h.db.select().from(accounts).where(eq(accounts.id, row.account.id)))[0];
    for (const value of [...HOSTILE, 'Maria 2', 'Ana.Paula Souza']) {
      for (const field of ['name', 'motherName']) {
        const res = await call(
          'PUT',
          `/v1/client/account/${row.account.id}`,
          validHolderUpdate(row.card.last4, { [field]: value }),
        );
        refused(res, field, rules.nameText);
      }
    }
    expect((await h.db.select().from(accounts).where(eq(accounts.id, row.account.id)))[0]).toEqual(before);
    expect(await h.db.select().from(cardEvents).where(eq(cardEvents.cardId, row.card.id))).toHaveLength(0);
    // The rule's own examples pass.
    const ok = await call(
      'PUT',
      `/v1/client/account/${row.account.id}`,
      validHolderUpdate(row.card.last4, { name: 'Conceição Ávila & Irmãos', motherName: 'Ñusta Ölund' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a new portal user’s name: refused and no user created', async () => {
    const login = 'texto.livre.usuario';
    const res = await call(
      'POST',
      '/v0/portal/usuario/',
      {
        login,
        numCelular: 912345678,
        nomeUsuario: '=cmd|" /C calc"!A0',
        numeroDocumento: freshCpf(),
        ddd: 11,
        ddi: 55,
        listaPerfis: ['CONSULTA'],
        email: 'texto.livre@exemplo.com.br',
      },
      { cnpj: company.cnpj },
    );
    refused(res, 'nomeUsuario', rules.nameText);
    expect(await h.db.select().from(portalUsers).where(eq(portalUsers.login, login))).toHaveLength(0);
  });

  it('the name embossed on a card request: refused and no request kept', async () => {
    const body = validProposal(company.relationCode, freshCpf(), { embossName: 'MARINA<B>' });
    const res = await call('POST', `/v2/proposal/corporate/${body.documentNumber}`, body, { systemname: 'spark' });
    refused(res, 'embossName', rules.nameText);
    expect(await h.db.select().from(proposals).where(eq(proposals.id, body.uuid))).toHaveLength(0);
  });
});

describe('lines refuse markup, control characters and a formula start', () => {
  const address = (overrides: Record<string, string>) => ({
    addressHome: 'Rua Dr. Arnaldo, 1.200 - bloco 3/B',
    addressHomeNumber: '1200',
    addressHomeComplement: 'Apto 31 (fundos)',
    district: 'Cerqueira César',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '01246000',
    ...overrides,
  });

  it('an address line, complement, district or city: refused, the address unchanged', async () => {
    const row = await buildCard(h, company);
    const before = (await h.db.select().from(accounts).where(eq(accounts.id, row.account.id)))[0];
    // Short enough for the district's 15 characters: the rule, not the length, refuses them.
    for (const value of ['<b>Sé</b>', '=1+1', '+5511', '@SUM(A1)', 'Rua A\r\nBcc', '-1+1', 'Rua\tA']) {
      for (const field of ['addressHome', 'addressHomeComplement', 'district', 'city']) {
        const res = await call('PUT', `/v1/client/address/${row.account.id}`, address({ [field]: value }));
        refused(res, field, rules.lineText);
      }
    }
    expect((await h.db.select().from(accounts).where(eq(accounts.id, row.account.id)))[0]).toEqual(before);
    // Digits, commas, dots, dashes, slashes and brackets are what addresses are made of.
    const ok = await call('PUT', `/v1/client/address/${row.account.id}`, address({}));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a block’s description: refused and the card still active', async () => {
    const row = await buildCard(h, company);
    const res = await call('POST', `/v1/cards/block/${row.account.id}`, {
      descriptionOccurrence: 'perda\r\nX-Injetado: sim',
      last4digits: row.card.last4,
      blockingReason: 'P',
    });
    refused(res, 'descriptionOccurrence', rules.lineText);
    expect(await h.db.select().from(cardEvents).where(eq(cardEvents.cardId, row.card.id))).toHaveLength(0);
  });
});
