// The spending controls' portal calls (issue 30): a card's controls read with whose they are, set and put back on the
// company's default (each a card event the audit trail shows in pt-BR), the company's default (an audit row), the
// 30-day preview replaying the card's purchases, the demo's simulation down the network's path, and bad input.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditResponse } from '../../contracts/audit.ts';
import {
  cardControlsResponse,
  controlsImpactResponse,
  OPEN_CONTROLS,
  type SpendingControls,
} from '../../contracts/spending-controls.ts';
import { TEST_NETWORK_KEY } from '../../platform/config.ts';
import { authorizations, spendingControls } from '../db/schema.ts';
import { type BuiltCard, buildCard } from '../test/builders/index.ts';
import { companySuite, controlsWith } from '../test/company-suite.ts';
import { bearer } from '../test/harness.ts';

// A company of the suite's own, the demo operator its Administrador (issue 26's builders).
const suite = companySuite();

const read = (built: BuiltCard) => suite.readCardControls(built);
const put = (built: BuiltCard, c: unknown) => suite.putCardControls(built, c);
const setDefault = (c: SpendingControls | null) =>
  suite.h.app.inject({
    method: 'PUT',
    url: '/v1/corporate/controls',
    headers: suite.companyHeaders(),
    payload: { controls: c },
  });

describe('a card’s controls', () => {
  it('reads none, then the company’s default, then its own, and back to the default', async () => {
    const built = await buildCard(suite.h, suite.company);
    expect(await read(built)).toEqual({ source: 'none', controls: OPEN_CONTROLS, companyDefault: null });
    const byDefault = controlsWith({ blockedGroups: ['saques', 'apostas'], maxPerPurchase: 1500 });
    expect((await setDefault(byDefault)).statusCode).toBe(200);
    try {
      expect(await read(built)).toEqual({ source: 'company', controls: byDefault, companyDefault: byDefault });
      // Groups come back in one order, however they were sent.
      const own = controlsWith({ blockedGroups: ['viagens', 'combustivel'], online: false, dailyLimit: 300.5 });
      const saved = await put(built, own);
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = { ...own, blockedGroups: ['combustivel', 'viagens'] };
      expect(cardControlsResponse.parse(saved.json())).toEqual({
        source: 'card',
        controls: expected,
        companyDefault: byDefault,
      });
      expect(await read(built)).toEqual({ source: 'card', controls: expected, companyDefault: byDefault });
      expect((await put(built, null)).statusCode).toBe(200);
      expect((await read(built)).source).toBe('company');
    } finally {
      expect((await setDefault(null)).statusCode).toBe(200);
    }
    expect((await read(built)).source).toBe('none');
  });

  it('records each change in the audit trail, before → after, in pt-BR', async () => {
    const built = await buildCard(suite.h, suite.company);
    expect((await put(built, controlsWith({ blockedGroups: ['apostas'], maxPerPurchase: 200 }))).statusCode).toBe(200);
    const res = await suite.h.app.inject({
      method: 'GET',
      url: '/v1/audit/events',
      query: { action: 'CONTROLS_CHANGE', card: built.card.last4 },
      headers: suite.companyHeaders(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = auditResponse.parse(res.json()).events.filter((e) => e.target.last4 === built.card.last4);
    // jsonb keeps its own key order: the fields, whatever their order.
    expect(event?.changes).toHaveLength(3);
    expect(event?.changes).toEqual(
      expect.arrayContaining([
        { field: 'origem', before: 'nenhum', after: 'do cartão' },
        { field: 'categoriasBloqueadas', before: 'nenhuma', after: 'Jogos e apostas' },
        { field: 'maximoPorCompra', before: 'sem limite', after: 'R$ 200,00' },
      ]),
    );
  });

  it('refuses bad controls with their reason and writes nothing', async () => {
    const built = await buildCard(suite.h, suite.company);
    const bad: [unknown, string][] = [
      [{ ...OPEN_CONTROLS, blockedGroups: ['cassinos'] }, 'Categoria de estabelecimento desconhecida.'],
      [{ ...OPEN_CONTROLS, maxPerPurchase: 0 }, 'Informe um valor maior que zero ou deixe em branco.'],
      [{ ...OPEN_CONTROLS, dailyLimit: -5 }, 'Informe um valor maior que zero ou deixe em branco.'],
      [{ ...OPEN_CONTROLS, online: 'sim' }, 'online'],
    ];
    for (const [c, reason] of bad) {
      const res = await put(built, c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json().message).toContain(reason);
    }
    const rows = await suite.h.db.select().from(spendingControls).where(eq(spendingControls.cardId, built.card.id));
    expect(rows).toEqual([]);
  });

  it('refuses a card blocked for good before writing', async () => {
    const built = await buildCard(suite.h, suite.company);
    const cancel = await suite.h.app.inject({
      method: 'POST',
      url: `/v1/cards/deactivation/${built.account.id}`,
      headers: bearer(suite.token),
      payload: { last4digits: built.card.last4 },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await put(built, controlsWith({ online: false }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PERMANENTLY_BLOCKED');
  });
});

describe('the 30-day preview', () => {
  it('replays the card’s approved purchases through the controls, counting what they would decline', async () => {
    const built = await buildCard(suite.h, suite.company, { creditLimit: '10000.00' });
    const now = suite.h.clock();
    const buy = (daysAgo: number, amount: number, mcc: number, requestId: string) =>
      suite.h.app.inject({
        method: 'POST',
        url: '/v1/network/authorizations',
        headers: { 'x-network-key': TEST_NETWORK_KEY },
        payload: {
          requestId,
          cardId: built.card.id,
          amount,
          merchantName: 'LOJA',
          mcc,
          merchantCountry: 'BR',
          channel: 'PRESENCIAL',
          at: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
        },
      });
    const id = `${process.pid}-${Date.now()}`;
    for (const [i, [days, amount, mcc]] of [
      [40, 900, 7995],
      [10, 100, 7995],
      [9, 300, 5812],
      [9, 50, 5812],
      [2, 80, 5541],
    ].entries()) {
      expect((await buy(days as number, amount as number, mcc as number, `previa-${id}-${i}`)).json().approved).toBe(
        true,
      );
    }
    const preview = async (c: SpendingControls) => {
      const res = await suite.cardImpact(built, c);
      expect(res.statusCode, res.body).toBe(200);
      return controlsImpactResponse.parse(res.json());
    };
    // The 40-day-old purchase is outside the window.
    expect(await preview(controlsWith({ blockedGroups: ['apostas'] }))).toEqual({
      approved: 4,
      wouldDecline: 1,
      byControl: [{ code: 'GROUP_BLOCKED', count: 1 }],
    });
    // Day 9: 300 fits a 320 day, the 50 after it does not.
    expect(await preview(controlsWith({ dailyLimit: 320 }))).toEqual({
      approved: 4,
      wouldDecline: 1,
      byControl: [{ code: 'OVER_DAILY', count: 1 }],
    });
    // Each purchase counts once, by the first control it breaks (the group before the amount).
    expect(await preview(controlsWith({ maxPerPurchase: 90, blockedGroups: ['apostas'] }))).toEqual({
      approved: 4,
      wouldDecline: 2,
      byControl: [
        { code: 'GROUP_BLOCKED', count: 1 },
        { code: 'OVER_PER_PURCHASE', count: 1 },
      ],
    });
    expect(await preview(OPEN_CONTROLS)).toEqual({ approved: 4, wouldDecline: 0, byControl: [] });
  });

  it('replays every purchase of a busy card, past the five thousand it once stopped at', async () => {
    const built = await buildCard(suite.h, suite.company, { creditLimit: '999999.00' });
    const now = suite.h.clock().getTime();
    // 5,200 purchases of R$ 1,00 over the last 26 days (200 a day), the newest 200 at a blocked group's MCC.
    const rows = Array.from({ length: 5200 }, (_, i) => ({
      accountId: built.account.id,
      cardId: built.card.id,
      tmsIncl: new Date(now - (26 - Math.floor(i / 200)) * 86_400_000 + (i % 200) * 1000),
      numAuthorization: String(i).padStart(6, '0'),
      establishmentName: 'LOJA',
      mainValue: '1.00',
      valueBrl: '1.00',
      descResponseTransaction: 'APROVADA',
      descDrop: 'NORMAL',
      mcc: i >= 5000 ? 7995 : 5812,
    }));
    for (let i = 0; i < rows.length; i += 1000) await suite.h.db.insert(authorizations).values(rows.slice(i, i + 1000));
    const res = await suite.cardImpact(built, controlsWith({ blockedGroups: ['apostas'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(controlsImpactResponse.parse(res.json())).toEqual({
      approved: 5200,
      wouldDecline: 200,
      byControl: [{ code: 'GROUP_BLOCKED', count: 200 }],
    });
  });
});

describe('the company’s default', () => {
  it('is an audit row of the company with its values before and after', async () => {
    expect((await setDefault(controlsWith({ international: false }))).statusCode).toBe(200);
    try {
      const res = await suite.h.app.inject({
        method: 'GET',
        url: '/v1/audit/events',
        query: { action: 'controls.company' },
        headers: suite.companyHeaders(),
      });
      const [event] = auditResponse.parse(res.json()).events;
      expect(event?.changes).toHaveLength(2);
      expect(event?.changes).toEqual(
        expect.arrayContaining([
          { field: 'origem', before: 'nenhum', after: 'padrão da empresa' },
          { field: 'compraInternacional', before: 'permitidas', after: 'bloqueadas' },
        ]),
      );
      const read = await suite.h.app.inject({
        method: 'GET',
        url: '/v1/corporate/controls',
        headers: suite.companyHeaders(),
      });
      expect(read.json()).toEqual({ controls: controlsWith({ international: false }) });
    } finally {
      await setDefault(null);
    }
  });
});

describe('the demo’s purchase simulation', () => {
  it('sends the purchase down the network’s path for the scope’s card, and the decline names the control', async () => {
    const built = await buildCard(suite.h, suite.company);
    expect((await put(built, controlsWith({ blockedGroups: ['combustivel'] }))).statusCode).toBe(200);
    const simulate = (mcc: number) =>
      suite.h.app.inject({
        method: 'POST',
        url: `/v1/cards/simulate-purchase/${built.account.id}`,
        headers: bearer(suite.token),
        payload: {
          last4digits: built.card.last4,
          amount: 120,
          merchantName: 'POSTO DEMONSTRACAO',
          mcc,
          merchantCountry: 'BR',
          channel: 'PRESENCIAL',
        },
      });
    const declined = await simulate(5541);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      approved: false,
      code: 'GROUP_BLOCKED',
      message: 'Categoria bloqueada nos controles de gasto: Combustível.',
    });
    expect((await simulate(5812)).json()).toMatchObject({ approved: true, code: 'APPROVED' });
    // The card's history names the control, for the explainer (decision 132).
    const history = await suite.h.app.inject({
      method: 'GET',
      url: `/v2/authorization/history/consult/${built.account.id}`,
      headers: { ...bearer(suite.token), last4digits: built.card.last4 },
    });
    const declinedRow = history.json().authorizations.find((a: { descDrop: string }) => a.descDrop === 'NEGADA');
    expect(declinedRow).toMatchObject({
      descResponseTransaction: 'NEGADA POR CONTROLE DE GASTO',
      declineCode: 'GROUP_BLOCKED',
    });
    const rows = await suite.h.db.select().from(authorizations).where(eq(authorizations.cardId, built.card.id));
    expect(rows.map((r) => [r.descDrop, r.declineCode, r.mcc])).toEqual(
      expect.arrayContaining([
        ['NEGADA', 'GROUP_BLOCKED', 5541],
        ['NORMAL', null, 5812],
      ]),
    );
  });
});
