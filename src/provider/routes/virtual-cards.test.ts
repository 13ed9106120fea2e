// Virtual cards (issue 30), through HTTP: issued in one step within the holder's limit, listed with their last four
// digits only, revealed in full to a profile with personal.read after a recent proof of identity (each reveal an
// audit row that does not hold the number), spending on the network's path within their own limit (a one-purchase
// card used up by its first approval), and cancelled.
import { eq } from 'drizzle-orm';
import luhn from 'fast-luhn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { companiesResponse } from '../../contracts/schemas.ts';
import { STEP_UP_MAX_AGE_MS } from '../../contracts/second-factor.ts';
import { revealVirtualResponse, virtualCard, virtualCardsResponse } from '../../contracts/virtual-cards.ts';
import { TEST_NETWORK_KEY } from '../../platform/config.ts';
import { auditLog, cardEvents, cards, companies, virtualCards } from '../db/schema.ts';
import { type BuiltCard, buildCard, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let token: string;
let company: { id: number; cnpj: string };

beforeAll(async () => {
  h = await createHarness();
  token = await h.token(DEMO.login, DEMO.password);
  const res = await h.app.inject({ method: 'GET', url: '/v1/corporate/companies', headers: bearer(token) });
  const first = companiesResponse.parse(res.json()).companies[0];
  const [row] = await h.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.cnpj, first?.cnpj ?? ''));
  company = { id: (row as { id: number }).id, cnpj: first?.cnpj ?? '' };
});
afterAll(() => h.close());

const post = (url: string, payload: object, as = token) =>
  h.app.inject({ method: 'POST', url, headers: bearer(as), payload });
const issue = (holder: BuiltCard, over: object = {}) =>
  post(`/v1/cards/virtual/${holder.account.id}`, {
    last4digits: holder.card.last4,
    label: 'Assinatura de software',
    kind: 'RECORRENTE',
    limit: 300,
    validityMonths: 6,
    ...over,
  });
const list = async (holder: BuiltCard) => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/v1/cards/virtual/${holder.account.id}`,
    headers: { ...bearer(token), last4digits: holder.card.last4 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return virtualCardsResponse.parse(res.json()).virtualCards;
};
const reveal = (holder: BuiltCard, id: string, as = token) =>
  post(`/v1/cards/virtual/reveal/${holder.account.id}`, { last4digits: holder.card.last4, virtualCardId: id }, as);
const cancel = (holder: BuiltCard, id: string) =>
  post(`/v1/cards/virtual/cancel/${holder.account.id}`, { last4digits: holder.card.last4, virtualCardId: id });
let seq = 0;
const buy = (cardId: string, amount: number) =>
  h.app.inject({
    method: 'POST',
    url: '/v1/network/authorizations',
    headers: { 'x-network-key': TEST_NETWORK_KEY },
    payload: {
      requestId: `virtual-${process.pid}-${++seq}`,
      cardId,
      amount,
      merchantName: 'SOFTWARE ONLINE',
      mcc: 5734,
      merchantCountry: 'BR',
      channel: 'ONLINE',
      at: h.clock().toISOString(),
    },
  });

describe('issuing', () => {
  it('issues within the holder’s limit, lists it by its last four digits, and keeps the number sealed', async () => {
    const holder = await buildCard(h, company, { creditLimit: '1000.00' });
    const res = await issue(holder);
    expect(res.statusCode, res.body).toBe(201);
    const issued = virtualCard.parse(res.json());
    expect(issued).toMatchObject({
      label: 'Assinatura de software',
      kind: 'RECORRENTE',
      limit: 300,
      used: 0,
      status: 'ATIVO',
    });
    expect(await list(holder)).toEqual([issued]);
    const [stored] = await h.db.select().from(virtualCards).where(eq(virtualCards.cardId, issued.id));
    const opened = await reveal(holder, issued.id);
    const { pan } = revealVirtualResponse.parse(opened.json());
    expect(luhn(pan)).toBe(true);
    expect(pan.slice(-4)).toBe(issued.last4);
    // Neither the stored row nor the card event nor the list holds the number or the CVV.
    expect(JSON.stringify(stored)).not.toContain(pan);
    const events = await h.db.select().from(cardEvents).where(eq(cardEvents.cardId, holder.card.id));
    expect(events.map((e) => e.action)).toEqual(['VIRTUAL_ISSUE']);
    expect(JSON.stringify(events)).not.toContain(pan);
    expect(events[0]?.after).toMatchObject({
      cartaoVirtual: `final ${issued.last4}`,
      uso: 'Recorrente',
      limite: 'R$ 300,00',
    });
    expect(JSON.stringify(await list(holder))).not.toContain(pan);
  });

  it('refuses a limit above the holder’s, and bad input, writing nothing', async () => {
    const holder = await buildCard(h, company, { creditLimit: '500.00' });
    const above = await issue(holder, { limit: 500.01 });
    expect(above.statusCode).toBe(422);
    expect(above.json().message).toBe('O limite do cartão virtual não pode passar do limite do portador (R$ 500,00).');
    for (const bad of [
      { limit: 0 },
      { kind: 'SEMPRE' },
      { validityMonths: 25 },
      { label: '<b>x</b>' },
      { label: '' },
    ]) {
      expect((await issue(holder, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await list(holder)).toEqual([]);
    expect(await h.db.select().from(cards).where(eq(cards.accountId, holder.account.id))).toHaveLength(1);
  });
});

describe('revealing', () => {
  it('asks a stale session for a proof first, records each reveal without the number, and refuses Consulta', async () => {
    const holder = await buildCard(h, company);
    const { id } = virtualCard.parse((await issue(holder)).json());
    const reveals = async () =>
      (await h.db.select().from(auditLog).where(eq(auditLog.action, 'virtual-card.reveal'))).filter(
        (r) => r.target === `account:${holder.account.id}`,
      );
    h.clock.advance(STEP_UP_MAX_AGE_MS + 1_000);
    const stale = await reveal(holder, id);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', message: messages.secondFactor.stepUpRequired });
    expect(await reveals()).toEqual([]);
    const proof = await post('/v0/portal/usuario/confirmacao', { senha: DEMO.password });
    expect(proof.statusCode, proof.body).toBe(204);
    const shown = revealVirtualResponse.parse((await reveal(holder, id)).json());
    expect(shown.visibleForSeconds).toBe(60);
    expect(shown.expiry).toMatch(/^\d{2}\/\d{2}$/);
    const [row] = await reveals();
    expect(row?.after).toEqual({ cartaoVirtual: `final ${shown.pan.slice(-4)}` });
    expect(JSON.stringify(row)).not.toContain(shown.pan);

    const consulta = await buildUser(h, { companies: [company], profile: 'CONSULTA', password: 'Senha-Consulta-2026' });
    const consultaToken = await h.token(consulta.login, 'Senha-Consulta-2026');
    const refused = await reveal(holder, id, consultaToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PROFILE_FORBIDDEN');
  });
});

describe('buying and cancelling', () => {
  it('buys within its own limit; a one-purchase card is used up by its first approval', async () => {
    const holder = await buildCard(h, company, { creditLimit: '1000.00' });
    const recurring = virtualCard.parse((await issue(holder, { limit: 100 })).json());
    expect((await buy(recurring.id, 60)).json()).toMatchObject({ approved: true });
    const over = (await buy(recurring.id, 40.01)).json();
    expect(over).toMatchObject({ approved: false, code: 'VIRTUAL_LIMIT', message: 'LIMITE DO CARTAO VIRTUAL' });
    expect((await buy(recurring.id, 40)).json().approved).toBe(true);

    h.clock.advance(1_000);
    const once = virtualCard.parse((await issue(holder, { kind: 'UMA_COMPRA', limit: 50 })).json());
    expect((await buy(once.id, 30)).json().approved).toBe(true);
    expect((await buy(once.id, 1)).json()).toMatchObject({ approved: false, code: 'CARD_UNUSABLE' });
    const listed = await list(holder);
    expect(listed.map((v) => [v.kind, v.used, v.status])).toEqual([
      ['RECORRENTE', 100, 'ATIVO'],
      ['UMA_COMPRA', 30, 'USADO'],
    ]);
    // What the virtual cards bought is the holder's spend too.
    const limit = await h.app.inject({
      method: 'GET',
      url: `/v1/limit/management/${holder.account.id}`,
      headers: { ...bearer(token), last4digits: holder.card.last4 },
    });
    expect(limit.json()).toMatchObject({ availableCreditLimitUsed: 130, availableLimit: 870 });
    expect((await reveal(holder, once.id)).json().code).toBe('VIRTUAL_CARD_CLOSED');
  });

  it('cancels: purchases are declined, it cannot be revealed or cancelled again, another account’s id is unknown', async () => {
    const holder = await buildCard(h, company);
    const other = await buildCard(h, company);
    const { id } = virtualCard.parse((await issue(holder)).json());
    expect((await cancel(other, id)).statusCode).toBe(404);
    const done = await cancel(holder, id);
    expect(done.statusCode, done.body).toBe(200);
    expect(virtualCard.parse(done.json()).status).toBe('CANCELADO');
    expect((await buy(id, 1)).json()).toMatchObject({ approved: false, code: 'CARD_UNUSABLE' });
    const again = await cancel(holder, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este cartão virtual já foi cancelado, usado ou venceu.');
    expect((await reveal(holder, id)).statusCode).toBe(409);
    const events = await h.db.select().from(cardEvents).where(eq(cardEvents.cardId, holder.card.id));
    expect(events.map((e) => e.action)).toEqual(['VIRTUAL_ISSUE', 'VIRTUAL_CANCEL']);
  });
});
