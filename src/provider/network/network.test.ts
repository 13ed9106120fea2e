// The card network's authorization path (issue 30), through HTTP as the network calls it: its own key, the card,
// the limit, then the spending controls (the card's own, else the company's default), an approval holding the limit
// once per request id, and every answer recorded as the history shows it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { limitResponse } from '../../contracts/schemas.ts';
import type { SpendingControls } from '../../contracts/spending-controls.ts';
import { TEST_NETWORK_KEY, testConfig } from '../../platform/config.ts';
import { buildProvider } from '../app.ts';
import { authorizations, spendingControls } from '../db/schema.ts';
import { type BuiltCard, buildCard, holderIn } from '../test/builders/index.ts';
import { companySuite, controlsWith } from '../test/company-suite.ts';
import { bearer } from '../test/harness.ts';

// A company of the suite's own, the demo operator its Administrador (issue 26's builders).
const suite = companySuite();
let seq = 0;

interface Purchase {
  amount?: number;
  mcc?: number;
  merchantCountry?: string;
  channel?: 'PRESENCIAL' | 'ONLINE' | 'APROXIMACAO' | 'SAQUE';
  at?: string;
  requestId?: string;
}

const purchase = (built: BuiltCard, p: Purchase = {}, key: string | null = TEST_NETWORK_KEY) =>
  suite.h.app.inject({
    method: 'POST',
    url: '/v1/network/authorizations',
    headers: key === null ? {} : { 'x-network-key': key },
    payload: {
      requestId: p.requestId ?? `rede-${process.pid}-${++seq}`,
      cardId: built.card.id,
      amount: p.amount ?? 10,
      merchantName: 'LOJA DE TESTE',
      mcc: p.mcc ?? 5812,
      merchantCountry: p.merchantCountry ?? 'BR',
      channel: p.channel ?? 'PRESENCIAL',
      at: p.at ?? '2026-03-02T12:00:00-03:00',
    },
  });

const limitOf = async (built: BuiltCard) => {
  const res = await suite.h.app.inject({
    method: 'GET',
    url: `/v1/limit/management/${built.account.id}`,
    headers: { ...bearer(suite.token), last4digits: built.card.last4 },
  });
  return limitResponse.parse(res.json());
};

async function setCardControls(built: BuiltCard, c: SpendingControls | null) {
  const res = await suite.putCardControls(built, c);
  expect(res.statusCode, res.body).toBe(200);
}

describe('who may ask', () => {
  it('refuses a call without the key or with another, writing nothing', async () => {
    const built = await buildCard(suite.h, suite.company);
    for (const key of [null, '', 'rede-de-teste-0123456789abcdef-012345678X']) {
      const res = await purchase(built, {}, key);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Chave da rede ausente ou inválida.');
    }
    expect(await suite.h.db.select().from(authorizations).where(eq(authorizations.cardId, built.card.id))).toEqual([]);
  });

  it('is closed when the deployment configured no key', async () => {
    const app = buildProvider({
      db: suite.h.handle,
      config: testConfig({ NETWORK_API_KEY: '' }),
      publicRateLimit: false,
    });
    await app.ready();
    try {
      const built = await buildCard(suite.h, suite.company);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/network/authorizations',
        headers: { 'x-network-key': TEST_NETWORK_KEY },
        payload: {},
      });
      expect(res.statusCode).toBe(401);
      expect(await suite.h.db.select().from(authorizations).where(eq(authorizations.cardId, built.card.id))).toEqual(
        [],
      );
    } finally {
      await app.close();
    }
  });

  it('refuses bad input with its reason, never a 500', async () => {
    const built = await buildCard(suite.h, suite.company);
    const cases: [Record<string, unknown>, string][] = [
      [{ mcc: 'abc' }, 'mcc'],
      [{ merchantCountry: 'Brasil' }, 'País do estabelecimento inválido'],
      [{ merchantName: '<script>' }, 'Nome do estabelecimento inválido.'],
      [{ merchantName: '=HYPERLINK("x")' }, 'Nome do estabelecimento inválido.'],
      [{ amount: -1 }, 'amount'],
      [{ requestId: 'a b' }, 'requestId inválido.'],
      [{ channel: 'TELEPATIA' }, 'channel'],
    ];
    for (const [change, reason] of cases) {
      const res = await suite.h.app.inject({
        method: 'POST',
        url: '/v1/network/authorizations',
        headers: { 'x-network-key': TEST_NETWORK_KEY },
        payload: {
          requestId: `rede-invalida-${++seq}`,
          cardId: built.card.id,
          amount: 10,
          merchantName: 'LOJA',
          mcc: 5812,
          merchantCountry: 'BR',
          channel: 'PRESENCIAL',
          at: '2026-03-02T12:00:00Z',
          ...change,
        },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toContain(reason);
    }
    const unknown = await suite.h.app.inject({
      method: 'POST',
      url: '/v1/network/authorizations',
      headers: { 'x-network-key': TEST_NETWORK_KEY },
      payload: {
        requestId: `rede-desconhecido-${++seq}`,
        cardId: '00000000-0000-4000-8000-000000000000',
        amount: 10,
        merchantName: 'LOJA',
        mcc: 5812,
        merchantCountry: 'BR',
        channel: 'PRESENCIAL',
        at: '2026-03-02T12:00:00Z',
      },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the card and the limit', () => {
  it('approves within the limit and holds it; the same request id answers again without holding twice', async () => {
    const built = await buildCard(suite.h, suite.company, { creditLimit: '1000.00' });
    const first = await purchase(built, { amount: 250.5, requestId: 'rede-repetida-0001' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ approved: true, code: 'APPROVED', requestId: 'rede-repetida-0001' });
    expect(await limitOf(built)).toEqual({ creditLimit: 1000, availableLimit: 749.5, availableCreditLimitUsed: 250.5 });
    const again = await purchase(built, { amount: 250.5, requestId: 'rede-repetida-0001' });
    expect(again.json()).toEqual(first.json());
    expect((await limitOf(built)).availableLimit).toBe(749.5);
    const other = await purchase(built, { amount: 99, requestId: 'rede-repetida-0001' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Este identificador de requisição já foi usado em outra compra.');
  });

  it('declines past the available limit and on a blocked card, and records each decline as the history shows it', async () => {
    const built = await buildCard(suite.h, suite.company, { creditLimit: '100.00' });
    const over = await purchase(built, { amount: 100.01 });
    expect(over.json()).toMatchObject({ approved: false, code: 'INSUFFICIENT_LIMIT', message: 'SALDO INSUFICIENTE' });
    const blocked = await buildCard(suite.h, suite.company, holderIn.blocked('BE'));
    const refused = await purchase(blocked, { amount: 1 });
    expect(refused.json()).toMatchObject({ approved: false, code: 'CARD_UNUSABLE', message: 'CARTAO BLOQUEADO' });
    const history = await suite.h.app.inject({
      method: 'GET',
      url: `/v2/authorization/history/consult/${built.account.id}`,
      headers: { ...bearer(suite.token), last4digits: built.card.last4 },
    });
    expect(history.statusCode).toBe(200);
    const [row] = history.json().authorizations;
    expect(row).toMatchObject({ descDrop: 'NEGADA', descResponseTransaction: 'SALDO INSUFICIENTE' });
    expect((await limitOf(built)).availableLimit).toBe(100);
  });

  it('never approves past the limit when purchases race', async () => {
    const built = await buildCard(suite.h, suite.company, { creditLimit: '500.00' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => purchase(built, { amount: 60 })));
    const approved = answers.filter((a) => a.json().approved).length;
    expect(approved).toBe(8);
    expect(await limitOf(built)).toEqual({ creditLimit: 500, availableLimit: 20, availableCreditLimitUsed: 480 });
  });
});

describe('the spending controls', () => {
  it('follows the company default, unless the card has its own', async () => {
    const built = await buildCard(suite.h, suite.company);
    const setDefault = await suite.h.app.inject({
      method: 'PUT',
      url: '/v1/corporate/controls',
      headers: suite.companyHeaders(),
      payload: { controls: controlsWith({ blockedGroups: ['apostas'] }) },
    });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    try {
      const bet = await purchase(built, { mcc: 7995 });
      expect(bet.json()).toMatchObject({
        approved: false,
        code: 'GROUP_BLOCKED',
        message: 'Categoria bloqueada nos controles de gasto: Jogos e apostas.',
      });
      expect((await purchase(built, { mcc: 5812 })).json().approved).toBe(true);
      // The card's own controls replace the default whole: betting allowed, abroad not.
      await setCardControls(built, controlsWith({ international: false }));
      expect((await purchase(built, { mcc: 7995 })).json().approved).toBe(true);
      expect((await purchase(built, { merchantCountry: 'US' })).json().code).toBe('INTERNATIONAL_BLOCKED');
      await setCardControls(built, null);
      expect((await purchase(built, { mcc: 7995 })).json().code).toBe('GROUP_BLOCKED');
    } finally {
      await suite.h.db.delete(spendingControls).where(eq(spendingControls.companyId, suite.company.id));
    }
  });

  it('declines online, cash and a purchase over the per-purchase maximum, each naming its control', async () => {
    const built = await buildCard(suite.h, suite.company);
    await setCardControls(built, controlsWith({ online: false, cashWithdrawal: false, maxPerPurchase: 200 }));
    expect((await purchase(built, { channel: 'ONLINE' })).json().code).toBe('ONLINE_BLOCKED');
    expect((await purchase(built, { channel: 'SAQUE', mcc: 6011 })).json().code).toBe('CASH_BLOCKED');
    expect((await purchase(built, { channel: 'PRESENCIAL', mcc: 6011 })).json().code).toBe('CASH_BLOCKED');
    const over = (await purchase(built, { amount: 200.01 })).json();
    expect(over).toMatchObject({ code: 'OVER_PER_PURCHASE' });
    expect(over.message).toBe('Acima do máximo por compra dos controles de gasto (R$ 200,00).');
    expect((await purchase(built, { amount: 200 })).json().approved).toBe(true);
    expect((await purchase(built, { channel: 'APROXIMACAO' })).json().approved).toBe(true);
    // Declines hold nothing: only the two approvals are used.
    expect((await limitOf(built)).availableCreditLimitUsed).toBe(210);
  });

  it('counts the day and the month in São Paulo time, approved purchases only', async () => {
    const built = await buildCard(suite.h, suite.company, { creditLimit: '10000.00' });
    await setCardControls(built, controlsWith({ dailyLimit: 300, monthlyLimit: 500 }));
    const at = (local: string) => `${local}-03:00`;
    expect((await purchase(built, { amount: 200, at: at('2026-03-10T09:00:00') })).json().approved).toBe(true);
    const second = (await purchase(built, { amount: 150, at: at('2026-03-10T23:59:00') })).json();
    expect(second).toMatchObject({ approved: false, code: 'OVER_DAILY' });
    expect(second.message).toBe('Passaria do máximo por dia dos controles de gasto (R$ 300,00).');
    // Past midnight in São Paulo (03:00 UTC) is a new day; the declined 150 counted for nothing.
    expect((await purchase(built, { amount: 150, at: at('2026-03-11T00:01:00') })).json().approved).toBe(true);
    expect((await purchase(built, { amount: 100, at: at('2026-03-12T10:00:00') })).json().approved).toBe(true);
    expect((await purchase(built, { amount: 100, at: at('2026-03-13T10:00:00') })).json().code).toBe('OVER_MONTHLY');
    expect((await purchase(built, { amount: 100, at: at('2026-04-01T00:30:00') })).json().approved).toBe(true);
  });
});
