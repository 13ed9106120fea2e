import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { accountData, cardConsult, cardsResponse } from '../../contracts/schemas.ts';
import { accounts, cards } from '../db/schema.ts';
import {
  type BuiltCompany,
  buildCard,
  buildCards,
  buildCompany,
  buildUser,
  everyState,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let demoToken: string;
let otherToken: string;
type Company = BuiltCompany;
/** Companies A and B are the demo operator's; C has an operator of its own. */
let companyA: Company;
let companyB: Company;
let companyC: Company;

beforeAll(async () => {
  h = await createHarness();
  companyA = await buildCompany(h, { members: [DEMO.login] });
  companyB = await buildCompany(h, { members: [DEMO.login] });
  const other = await buildUser(h, { password: DEMO.password });
  companyC = await buildCompany(h, { members: [other.login] });
  // Company A: a holder in every state the card screens handle, then live ones; every third on logo 2.
  await buildCards(h, companyA, 24, (i) => {
    const state = everyState(i);
    return { ...state, card: { ...state.card, logo: i % 3 === 2 ? 2 : 1 } };
  });
  await buildCard(h, companyB);
  await buildCard(h, companyC);
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(other.login, DEMO.password);
});
afterAll(() => h.close());

type Row = { account: typeof accounts.$inferSelect; card: typeof cards.$inferSelect };

async function holdersOf(company: Company): Promise<Row[]> {
  return h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.companyId, company.id), eq(cards.cardType, 'TITULAR')))
    .orderBy(asc(accounts.accountNumber));
}

const search = (cpf: string, company: Company, token = demoToken) =>
  h.app.inject({
    method: 'GET',
    url: `/v1/cards/${cpf}`,
    headers: { ...bearer(token), cnpj: company.cnpj, relationcode: company.relationCode },
  });

const get = (url: string, token = demoToken, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

describe('GET /v1/cards/{documentNumber}', () => {
  it('finds a holder of the chosen company with every card field', async () => {
    const [first] = await holdersOf(companyA);
    const { account, card } = first as Row;
    const res = await search(account.documentNumber, companyA);
    expect(res.statusCode).toBe(200);
    const { cardsResult } = cardsResponse.parse(res.json());
    expect(cardsResult).toHaveLength(1);
    expect(cardsResult[0]).toEqual({
      uuid: account.id,
      account: account.accountNumber.toString(),
      cardHolder: account.holderName,
      documentNumber: account.documentNumber,
      last4digits: card.last4,
      last4Digits2Way: null,
      last4DigitsVirtual: null,
      cardType: 'TITULAR',
      logo: card.logo,
      numLogo: card.logo,
      org: '090',
      status: card.status,
      blockCode: card.blockCode,
      relationCode: companyA.relationCode,
      cardStatus: card.status === 'Actived' ? 'active' : 'inactive',
      cardBlockingCode: card.blockCode,
      accountBlockingCodeTwo: account.accountBlockingCodeTwo,
      accountWarningCode: account.accountWarningCode,
      accountStatusDescription: account.statusDescription,
      activeFlag: card.activeFlag,
    });
  });

  it('answers a blocked card as inactive with its block code, for the list row indicator', async () => {
    const blocked = (await holdersOf(companyA)).find((r) => r.card.blockCode === 'R') as Row;
    const [hit] = cardsResponse.parse((await search(blocked.account.documentNumber, companyA)).json()).cardsResult;
    expect(hit).toMatchObject({ status: 'Blocked', cardStatus: 'inactive', blockCode: 'R', cardBlockingCode: 'R' });
  });

  it('pads a CPF that lost its leading zero', async () => {
    const [row] = await holdersOf(companyA);
    const { account } = row as Row;
    await h.db.update(accounts).set({ documentNumber: '01234567890' }).where(eq(accounts.id, account.id));
    try {
      const res = await search('1234567890', companyA);
      expect(res.statusCode).toBe(200);
      expect(cardsResponse.parse(res.json()).cardsResult[0]?.uuid).toBe(account.id);
    } finally {
      await h.db.update(accounts).set({ documentNumber: account.documentNumber }).where(eq(accounts.id, account.id));
    }
  });

  it('answers "Usuário não encontrado" for an unknown CPF, another company’s CPF, or a company not mine', async () => {
    const notFound = { message: messages.cards.notFound, code: 'CARDS_NOT_FOUND' };
    const unknown = await search('52998224725', companyA);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFound);

    // A holder of company B searched while company A is chosen.
    const [inB] = await holdersOf(companyB);
    const wrongCompany = await search((inB as Row).account.documentNumber, companyA);
    expect(wrongCompany.statusCode).toBe(404);
    expect(wrongCompany.json()).toEqual(notFound);
    expect((await search((inB as Row).account.documentNumber, companyB)).statusCode).toBe(200);

    // Company C's holder, by the demo operator naming company C.
    const [inC] = await holdersOf(companyC);
    const forbidden = await search((inC as Row).account.documentNumber, companyC);
    expect(forbidden.statusCode).toBe(404);
    expect(forbidden.json()).toEqual(notFound);
  });

  it('refuses the operator of company C a CPF of company A, with A’s headers or C’s', async () => {
    const [inA] = await holdersOf(companyA);
    const cpf = (inA as Row).account.documentNumber;
    for (const company of [companyA, companyC]) {
      const res = await search(cpf, company, otherToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.cards.notFound);
    }
  });

  it('leaves out logos other than 1 and 2', async () => {
    const rows = await holdersOf(companyA);
    const { account, card } = rows[3] as Row;
    await h.db.update(cards).set({ logo: 3 }).where(eq(cards.id, card.id));
    try {
      const res = await search(account.documentNumber, companyA);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.cards.notFound);
    } finally {
      await h.db.update(cards).set({ logo: card.logo }).where(eq(cards.id, card.id));
    }
  });

  it('answers 400 with a reason for missing or malformed headers, never 500', async () => {
    const missing = await h.app.inject({ method: 'GET', url: '/v1/cards/52998224725', headers: bearer(demoToken) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/cnpj/);
    const bad = await search('52998224725', { ...companyA, cnpj: '12.345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/CNPJ inválido/);
    const tooLong = await search('123456789012', companyA);
    expect(tooLong.statusCode).toBe(404);
  });

  it('needs a signed-in operator', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/v1/cards/52998224725',
      headers: { cnpj: companyA.cnpj, relationcode: companyA.relationCode },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /v1/cards/account/{uuid}', () => {
  it('lists the account’s cards, a virtual card included with its last digits on both rows', async () => {
    const rows = await holdersOf(companyA);
    const { account, card } = rows[10] as Row;
    await h.db.insert(cards).values({
      accountId: account.id,
      last4: '4242',
      logo: card.logo,
      cardType: 'VIRTUAL',
      embossName: card.embossName,
    });
    const res = await get(`/v1/cards/account/${account.id}`);
    expect(res.statusCode).toBe(200);
    const { cardsResult } = cardsResponse.parse(res.json());
    expect(cardsResult.map((c) => c.cardType)).toEqual(['TITULAR', 'VIRTUAL']);
    expect(cardsResult.map((c) => c.last4DigitsVirtual)).toEqual(['4242', '4242']);
    expect(cardsResult[0]?.last4digits).toBe(card.last4);
  });

  it('answers 404 for an unknown uuid and for another company’s account; 400 for a malformed one', async () => {
    const unknown = await get('/v1/cards/account/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.cardApi.cardNotFound, code: 'CARD_NOT_FOUND' });
    const [inA] = await holdersOf(companyA);
    const foreign = await get(`/v1/cards/account/${(inA as Row).account.id}`, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    const [inC] = await holdersOf(companyC);
    expect((await get(`/v1/cards/account/${(inC as Row).account.id}`)).statusCode).toBe(404);
    expect((await get(`/v1/cards/account/${(inC as Row).account.id}`, otherToken)).statusCode).toBe(200);
    const malformed = await get('/v1/cards/account/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('INVALID_INPUT');
  });
});

describe('GET /v1/accounts/data/{uuid}', () => {
  it('answers the holder’s data in the spec’s fields and formats', async () => {
    const rows = await holdersOf(companyA);
    const { account, card } = rows.find((r) => r.card.logo === 2) as Row;
    const res = await get(`/v1/accounts/data/${account.id}`);
    expect(res.statusCode).toBe(200);
    const data = accountData.parse(res.json());
    const [y, m, d] = account.birthDate.split('-');
    expect(data).toMatchObject({
      uuid: account.id,
      account: account.accountNumber.toString(),
      clientNameHolder: account.holderName,
      motherName: account.motherName,
      mail: account.email,
      cellPhone: account.cellPhone,
      dddCellPhone: account.cellDdd,
      zipCode: account.zipCode,
      address: account.address,
      documentNumber: account.documentNumber,
      birthDate: `${d}${m}${y}`,
      creditLimitNac: Number(account.creditLimit),
      // Limit minus what the card's authorizations hold: limits.test.ts checks it agrees with the limit screen.
      creditLimitNacAvailable: expect.any(Number),
      accountStatusDescription: 'NORMAL',
      flagTypeBilling: 0,
      logo: 2,
      last4digits: card.last4,
      modality: messages.cardApi.modalityBlack,
    });
    expect(data.birthDate).toMatch(/^\d{8}$/);
  });

  it('shows a cancelled account as CANCELADA', async () => {
    const cancelled = (await holdersOf(companyA)).find((r) => r.account.statusDescription === 'CANCELADA') as Row;
    const data = accountData.parse((await get(`/v1/accounts/data/${cancelled.account.id}`)).json());
    expect(data.accountStatusDescription).toBe('CANCELADA');
    expect(data.cardStatus).toBe('inactive');
  });

  it('answers "Dados do portador não encontrado!" for another company or an unknown uuid', async () => {
    const [inA] = await holdersOf(companyA);
    const foreign = await get(`/v1/accounts/data/${(inA as Row).account.id}`, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: messages.cards.holderNotFound, code: 'HOLDER_NOT_FOUND' });
    const unknown = await get('/v1/accounts/data/00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual(foreign.json());
  });
});

describe('GET /v2/card/consult/{uuid}', () => {
  const consult = (row: Row, token = demoToken, last4 = row.card.last4) =>
    get(`/v2/card/consult/${row.account.id}`, token, { last4digits: last4, product: String(row.card.logo) });

  it('answers an active card as S, no block code, Actived', async () => {
    const active = (await holdersOf(companyA)).find(
      (r) => r.card.status === 'Actived' && r.account.statusDescription === 'NORMAL',
    ) as Row;
    const res = await consult(active);
    expect(res.statusCode).toBe(200);
    expect(cardConsult.parse(res.json())).toEqual({
      activeFlag: 'S',
      blockCode: null,
      status: 'Actived',
      passwordBlocked: active.card.passwordBlocked,
    });
  });

  it('says whether the card password is locked, so a declined wrong-password purchase can offer the unlock', async () => {
    const row = (await holdersOf(companyA)).find((r) => r.card.status === 'Actived' && !r.card.passwordBlocked) as Row;
    expect(cardConsult.parse((await consult(row)).json()).passwordBlocked).toBe(false);
    await h.db.update(cards).set({ passwordBlocked: true }).where(eq(cards.id, row.card.id));
    expect(cardConsult.parse((await consult(row)).json()).passwordBlocked).toBe(true);
    await h.db.update(cards).set({ passwordBlocked: false }).where(eq(cards.id, row.card.id));
  });

  it('answers a temporary block (a portal reason on a live account) without a block code: it can be unblocked', async () => {
    const rows = await holdersOf(companyA);
    for (const reason of ['P', 'R', 'BE', 'O']) {
      const row = rows.find(
        (r) => r.card.blockCode === reason && r.account.statusDescription === 'NORMAL' && r.card.activeFlag === 'S',
      ) as Row;
      expect(cardConsult.parse((await consult(row)).json())).toMatchObject({
        activeFlag: 'S',
        blockCode: null,
        status: 'Blocked',
      });
    }
  });

  it('answers permanent blocks: activeFlag N, a cancelled account (S with O), a platform code (S with it)', async () => {
    const rows = await holdersOf(companyA);
    const permanent = rows.find((r) => r.card.activeFlag === 'N') as Row;
    expect(cardConsult.parse((await consult(permanent)).json())).toMatchObject({ activeFlag: 'N', status: 'Blocked' });
    const cancelled = rows.find((r) => r.account.statusDescription === 'CANCELADA') as Row;
    expect(cardConsult.parse((await consult(cancelled)).json())).toMatchObject({
      activeFlag: 'S',
      blockCode: 'O',
      status: 'Blocked',
    });
    const other = rows.find(
      (r) => r.card.status === 'Actived' && r.account.statusDescription === 'NORMAL' && r.card.logo === 1,
    ) as Row;
    await h.db.update(cards).set({ status: 'Blocked', blockCode: 'F' }).where(eq(cards.id, other.card.id));
    expect(cardConsult.parse((await consult(other)).json())).toMatchObject({
      activeFlag: 'S',
      blockCode: 'F',
      status: 'Blocked',
    });
  });

  it('finds the card by the last digits of its second copy too', async () => {
    const row = (await holdersOf(companyA))[20] as Row;
    await h.db.update(cards).set({ last4TwoWay: '9876' }).where(eq(cards.id, row.card.id));
    expect((await consult(row, demoToken, '9876')).statusCode).toBe(200);
  });

  it('refuses wrong last digits, another company, and bad headers', async () => {
    const rows = await holdersOf(companyA);
    const row = rows[1] as Row;
    const others = new Set(rows.flatMap((r) => [r.card.last4, r.card.last4TwoWay]));
    const wrong = ['0000', '1111', '2222', '3333', '5555'].find((d) => !others.has(d)) as string;
    const res = await consult(row, demoToken, wrong);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CARD_NOT_FOUND');
    expect((await consult(row, otherToken)).statusCode).toBe(404);
    const bad = await get(`/v2/card/consult/${row.account.id}`, demoToken, { last4digits: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      `${messages.generic.invalidField} "last4digits": Informe os 4 últimos dígitos do cartão`,
    );
    const product = await get(`/v2/card/consult/${row.account.id}`, demoToken, {
      last4digits: row.card.last4,
      product: '7',
    });
    expect(product.statusCode).toBe(400);
  });
});
