// The company's spend (issue 27, decision 118) through HTTP: every card's authorizations newest first under the
// spec's history filter and section 4's statuses, each filter (period, holder or card, status, national or
// international, amount range), the filter's totals, keyset pages, another company's rows never reached, each bad
// input refused with its pt-BR reason, and the CSV of exactly what is filtered with its step-up rule.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { STEP_UP_MAX_AGE_MS } from '../../contracts/second-factor.ts';
import { type SpendResponse, spendResponse } from '../../contracts/spend.ts';
import {
  type BuiltCard,
  type BuiltCompany,
  buildCard,
  buildCompany,
  buildPurchase,
  buildUser,
} from '../test/builders/index.ts';
import { bearer, createHarness, type Harness } from '../test/harness.ts';
import { DOWNLOAD_CHANNEL_HEADER } from './exports.ts';

const m = messages.spend;
let h: Harness;
let admin: string;
let consulta: string;
let mine: BuiltCompany;
let theirs: BuiltCompany;
let ana: BuiltCard;
let bruno: BuiltCard;
const PERIOD = { from: '2026-02-01', to: '2026-02-28' };
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 1, day, hour));

beforeAll(async () => {
  h = await createHarness();
  mine = await buildCompany(h, { corporateName: 'Gastos Minha Ltda' });
  theirs = await buildCompany(h, { corporateName: 'Gastos Alheia Ltda' });
  const password = 'Senha-dos-Gastos-2026';
  admin = await h.token(
    (await buildUser(h, { companies: [mine], profile: 'ADMINISTRADOR', password })).login,
    password,
  );
  consulta = await h.token((await buildUser(h, { companies: [mine], profile: 'CONSULTA', password })).login, password);
  ana = await buildCard(h, mine, { holderName: 'Ana Gastadora Lima', card: { last4: '0412' } });
  bruno = await buildCard(h, mine, { holderName: 'Bruno Viajante Reis', card: { last4: '0413' } });
  const stranger = await buildCard(h, theirs, { holderName: 'Ana Estranha Alheia' });
  // Ana: three approved in R$, one refused, one cancelled; Bruno: one abroad, one undone online, one offline unverified.
  await buildPurchase(h, ana, { at: at(3), value: '120.00', establishmentName: 'PADARIA UM' });
  await buildPurchase(h, ana, { at: at(5), value: '50.50', establishmentName: 'POSTO DOIS' });
  await buildPurchase(h, ana, { at: at(7), value: '999.99', establishmentName: 'HOTEL TRES' });
  await buildPurchase(h, ana, {
    at: at(9),
    value: '300.00',
    establishmentName: 'LOJA NEGADA',
    descDrop: 'NEGADA',
    descResponseTransaction: 'SALDO INSUFICIENTE',
  });
  await buildPurchase(h, ana, {
    at: at(11),
    value: '80.00',
    establishmentName: 'LOJA CANCELADA',
    descDrop: 'CANCELADA',
    descResponseTransaction: 'TRANSACAO CANCELADA PELO ESTABELECIMENTO',
  });
  await buildPurchase(h, bruno, {
    at: at(4),
    value: '540.00',
    mainValue: '100.00',
    coinCode: 840,
    establishmentName: 'AMAZON.COM SEATTLE',
  });
  await buildPurchase(h, bruno, {
    at: at(6),
    value: '20.00',
    establishmentName: 'UBER DESFEITA',
    descDrop: 'ONLINE',
    descResponseTransaction: 'TRANSACAO DESFEITA ONLINE',
  });
  await buildPurchase(h, bruno, {
    at: at(8),
    value: '33.00',
    establishmentName: 'OFFLINE SEM SENHA',
    descDrop: 'APROVADA',
    capturedOffline: true,
    passwordValidated: false,
  });
  // Left out: a drop the spec's filter drops, an empty type, a day outside the period, another company's purchase.
  await buildPurchase(h, ana, { at: at(10), value: '1.00', establishmentName: 'PENDENTE', descDrop: 'PENDENTE' });
  await buildPurchase(h, ana, { at: at(12), value: '2.00', establishmentName: 'SEM TIPO', transactionType: ' ' });
  await buildPurchase(h, ana, { at: new Date(Date.UTC(2026, 0, 31, 12)), value: '3.00', establishmentName: 'JANEIRO' });
  await buildPurchase(h, stranger, { at: at(5), value: '4.00', establishmentName: 'ALHEIA' });
});
afterAll(() => h.close());

function list(query: Record<string, string>, token = admin, company = mine) {
  return h.app.inject({
    method: 'GET',
    url: '/v1/corporate/transactions',
    query: { ...PERIOD, ...query },
    headers: { ...bearer(token), cnpj: company.cnpj, relationcode: company.relationCode },
  });
}
async function read(query: Record<string, string> = {}, token = admin): Promise<SpendResponse> {
  const res = await list(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return spendResponse.parse(res.json());
}
const places = async (query: Record<string, string> = {}) =>
  (await read(query)).transactions.map((t) => t.establishmentName);

describe("the company's spend", () => {
  it("lists every card's kept authorizations of the period, newest first, with holder, card and status", async () => {
    const page = await read();
    expect(page.transactions.map((t) => [t.establishmentName, t.holder, t.last4, t.status])).toEqual([
      ['LOJA CANCELADA', 'Ana Gastadora Lima', '0412', 'CANCELADA'],
      ['LOJA NEGADA', 'Ana Gastadora Lima', '0412', 'NEGADA'],
      ['OFFLINE SEM SENHA', 'Bruno Viajante Reis', '0413', 'APROVADA'],
      ['HOTEL TRES', 'Ana Gastadora Lima', '0412', 'APROVADA'],
      ['UBER DESFEITA', 'Bruno Viajante Reis', '0413', 'CANCELADA'],
      ['POSTO DOIS', 'Ana Gastadora Lima', '0412', 'APROVADA'],
      ['AMAZON.COM SEATTLE', 'Bruno Viajante Reis', '0413', 'APROVADA'],
      ['PADARIA UM', 'Ana Gastadora Lima', '0412', 'APROVADA'],
    ]);
    const abroad = page.transactions.find((t) => t.coinCode === 840);
    expect(abroad).toMatchObject({ mainValue: 100, valueBrl: 540, uuid: bruno.account.id });
    expect(page).toMatchObject({ from: PERIOD.from, to: PERIOD.to, next: null });
  });

  it('totals the whole filter per status, in centavos of R$', async () => {
    expect((await read()).totals).toEqual({
      count: 8,
      approved: { count: 5, cents: 12_000 + 5_050 + 99_999 + 54_000 + 3_300 },
      denied: { count: 1, cents: 30_000 },
      cancelled: { count: 2, cents: 8_000 + 2_000 },
    });
    expect((await read({ q: 'bruno' })).totals).toMatchObject({ count: 3, approved: { count: 2, cents: 57_300 } });
  });

  it('filters by status, as section 4 maps the drops', async () => {
    expect(await places({ status: 'CANCELADA' })).toEqual(['LOJA CANCELADA', 'UBER DESFEITA']);
    expect(await places({ status: 'NEGADA' })).toEqual(['LOJA NEGADA']);
    expect(await places({ status: 'APROVADA' })).toEqual([
      'OFFLINE SEM SENHA',
      'HOTEL TRES',
      'POSTO DOIS',
      'AMAZON.COM SEATTLE',
      'PADARIA UM',
    ]);
  });

  it('filters national or international, and by an amount range in R$', async () => {
    expect(await places({ region: 'internacional' })).toEqual(['AMAZON.COM SEATTLE']);
    expect(await places({ region: 'nacional' })).not.toContain('AMAZON.COM SEATTLE');
    // The range reads what the purchase held in R$: US$ 100,00 is R$ 540,00.
    expect(await places({ min: '50000', max: '60000' })).toEqual(['AMAZON.COM SEATTLE']);
    expect(await places({ min: '5050', max: '12000' })).toEqual(['LOJA CANCELADA', 'POSTO DOIS', 'PADARIA UM']);
  });

  it('filters by a holder name word, a CPF, a card ending or one account, and by the period', async () => {
    expect(await places({ q: 'viajante' })).toEqual(['OFFLINE SEM SENHA', 'UBER DESFEITA', 'AMAZON.COM SEATTLE']);
    expect(await places({ q: '0412', status: 'NEGADA' })).toEqual(['LOJA NEGADA']);
    expect(await places({ q: bruno.account.documentNumber, region: 'internacional' })).toEqual(['AMAZON.COM SEATTLE']);
    expect(await places({ uuid: ana.account.id, status: 'CANCELADA' })).toEqual(['LOJA CANCELADA']);
    expect(await places({ from: '2026-02-04', to: '2026-02-05' })).toEqual(['POSTO DOIS', 'AMAZON.COM SEATTLE']);
    // Another company's holder of the same first name is never reached.
    expect(await places({ q: 'estranha' })).toEqual([]);
  });

  it('pages by keyset: every row once, in order, totals with the first page only', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await read({ limit: '3', ...(after ? { after } : {}) });
      expect(page.totals === null).toBe(pages > 0);
      seen.push(...page.transactions.map((t) => t.establishmentName));
      after = page.next ?? undefined;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(await places());
  });

  it("never reads past the period's end, whatever the cursor says", async () => {
    const future = `${BigInt(Date.UTC(2030, 0, 1)) * 1000n}~999`;
    expect(await places({ to: '2026-02-05', after: future })).toEqual([
      'POSTO DOIS',
      'AMAZON.COM SEATTLE',
      'PADARIA UM',
    ]);
  });

  it('answers a Consulta operator too (cards.read), and no company of someone else', async () => {
    expect((await read({}, consulta)).transactions).toHaveLength(8);
    // Consulta sees CPFs masked: a CPF names a holder whole or by the three digits the mask shows, never by more.
    const cpf = bruno.account.documentNumber;
    expect((await read({ q: cpf }, consulta)).transactions).toHaveLength(3);
    expect((await read({ q: cpf.slice(0, 7) }, consulta)).transactions).toEqual([]);
    expect((await read({ q: cpf.slice(0, 7) })).transactions).toHaveLength(3);
    const res = await list({}, admin, theirs);
    expect(res.statusCode).toBe(404);
  });

  it('refuses each bad filter with its reason, before reading anything', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'PAGA' }, m.statusInvalid],
      [{ region: 'lua' }, m.regionInvalid],
      [{ from: '2026-02-10', to: '2026-02-01' }, m.periodOrder],
      [{ from: '2026-02-31' }, m.periodInvalid],
      [{ min: '500', max: '100' }, m.amountOrder],
      [{ min: '12,50' }, m.amountInvalid],
      [{ after: '12-34' }, m.cursorInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});

describe("the company's spend as a file", () => {
  const ticket = (filters: object, token = admin) =>
    h.app.inject({
      method: 'POST',
      url: '/v1/exports/ticket',
      headers: bearer(token),
      payload: { kind: 'spend', filters: { cnpj: mine.cnpj, relationCode: mine.relationCode, ...PERIOD, ...filters } },
    });

  it('holds exactly the filtered rows, debits signed, and counts them on its ticket', async () => {
    const t = await ticket({ q: 'ana', status: 'APROVADA' });
    expect(t.statusCode, t.body).toBe(200);
    expect(t.json().rows).toBe(3);
    const res = await h.app.inject({
      method: 'GET',
      url: '/v1/exports/download',
      headers: { ...bearer(admin), exportticket: t.json().ticket, [DOWNLOAD_CHANNEL_HEADER]: '1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parse(res.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(header).toContain(m.csvColumns.charged);
    expect(rows.map((r) => [r[1], r[3], r[9], r[10]])).toEqual([
      ['Ana Gastadora Lima', 'HOTEL TRES', '-999,99', 'APROVADA'],
      ['Ana Gastadora Lima', 'POSTO DOIS', '-50,50', 'APROVADA'],
      ['Ana Gastadora Lima', 'PADARIA UM', '-120,00', 'APROVADA'],
    ]);
  });

  it("asks a stale session for a proof for every card, not for one card's history", async () => {
    h.clock.advance(STEP_UP_MAX_AGE_MS + 1_000);
    const whole = await ticket({});
    expect(whole.statusCode, whole.body).toBe(403);
    expect(whole.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const one = await ticket({ uuid: ana.account.id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().rows).toBe(5);
  });
});
