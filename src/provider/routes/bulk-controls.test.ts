// Bulk changes, the spending controls kind (issue 30, decision 136), through the API: the dry run shows each row's
// controls atual → novo and what they would have declined of the card's last 30 days, writing nothing; the apply sets
// them through the card screen's own change (a CONTROLS_CHANGE card event, before → after in pt-BR), once per row;
// a bad row, another company's card and a card blocked for good are refused with their reason, nothing of them kept.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { actionLabel, auditResponse } from '../../contracts/audit.ts';
import { bulkApplyResponse, bulkPreviewResponse } from '../../contracts/bulk.ts';
import { messages } from '../../contracts/messages.ts';
import { OPEN_CONTROLS } from '../../contracts/spending-controls.ts';
import { auditLog, cardEvents, spendingControls } from '../db/schema.ts';
import {
  type BuiltCard,
  type BuiltCompany,
  buildCard,
  buildCompany,
  buildPurchase,
  buildUser,
  holderIn,
} from '../test/builders/index.ts';
import { companySuite } from '../test/company-suite.ts';
import { bearer, DEMO } from '../test/harness.ts';

const r = messages.bulk.reasons;
const suite = companySuite();
let foreign: BuiltCard;

beforeAll(async () => {
  const { login } = await buildUser(suite.h, { password: DEMO.password });
  foreign = await buildCard(suite.h, await buildCompany(suite.h, { members: [login] }));
});

const cpfOf = (b: BuiltCard) => b.account.documentNumber;
/** A row blocking bets and cash, cash withdrawals off and at most R$ 200,00 a purchase. */
const rowFor = (b: BuiltCard, max = '200,00') => [
  cpfOf(b),
  b.card.last4,
  'Jogos e apostas, Saques',
  'Sim',
  'Sim',
  'Não',
  max,
  '',
  '',
];
const post = (name: 'preview' | 'apply', rows: string[][], company: BuiltCompany = suite.company) =>
  suite.h.app.inject({
    method: 'POST',
    url: `/v1/bulk/${name}`,
    headers: { ...suite.companyHeaders(), cnpj: company.cnpj, relationcode: company.relationCode },
    payload: { kind: 'controls', rows: rows.map((cells, i) => ({ line: i + 2, cells })) },
  });
const readControls = (b: BuiltCard) => suite.readCardControls(b);
const ownRows = (b: BuiltCard) =>
  suite.h.db.select().from(spendingControls).where(eq(spendingControls.cardId, b.card.id));
const eventsOf = (b: BuiltCard) =>
  suite.h.db
    .select()
    .from(cardEvents)
    .where(and(eq(cardEvents.cardId, b.card.id), eq(cardEvents.action, 'CONTROLS_CHANGE')));
const SET = {
  ...OPEN_CONTROLS,
  blockedGroups: ['saques', 'apostas'] as ('saques' | 'apostas')[],
  cashWithdrawal: false,
  maxPerPurchase: 200,
};

describe('the controls kind’s dry run', () => {
  it('shows atual → novo and the 30-day impact per row, refuses bad and foreign rows with a reason, writes nothing', async () => {
    const card = await buildCard(suite.h, suite.company);
    const now = suite.h.clock().getTime();
    await buildPurchase(suite.h, card, { at: new Date(now - 3 * 86_400_000), value: '350.00', mcc: 5812 });
    await buildPurchase(suite.h, card, { at: new Date(now - 2 * 86_400_000), value: '60.00', mcc: 7995 });
    await buildPurchase(suite.h, card, { at: new Date(now - 1 * 86_400_000), value: '40.00', mcc: 5411 });
    const res = await post('preview', [
      rowFor(card),
      [cpfOf(card), card.card.last4, 'Cassinos', 'Sim', 'Sim', 'Sim', '', '', ''],
      [cpfOf(card), card.card.last4, '', 'Talvez', 'Sim', 'Sim', '', '', ''],
      rowFor(foreign),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = bulkPreviewResponse.parse(res.json()).rows;
    expect(rows.map(({ line, result, reason }) => ({ line, result, reason }))).toEqual([
      { line: 2, result: 'OK', reason: null },
      { line: 3, result: 'ERRO', reason: r.unknownGroup('Cassinos') },
      { line: 4, result: 'ERRO', reason: r.yesOrNo('Compras internacionais') },
      { line: 5, result: 'ERRO', reason: r.notInCompany },
    ]);
    expect(rows[0]?.controls).toEqual({
      before: { source: 'none', controls: OPEN_CONTROLS },
      after: { source: 'card', controls: SET },
      impact: {
        approved: 3,
        wouldDecline: 2,
        byControl: [
          { code: 'GROUP_BLOCKED', count: 1 },
          { code: 'OVER_PER_PURCHASE', count: 1 },
        ],
      },
    });
    expect(await ownRows(card)).toEqual([]);
    expect(await eventsOf(card)).toEqual([]);
    expect((await readControls(card)).source).toBe('none');
  });
});

describe('the controls kind’s apply', () => {
  it('sets the card’s own controls through the card screen’s change, once, recorded before → after', async () => {
    const card = await buildCard(suite.h, suite.company);
    const applied = await post('apply', [rowFor(card)]);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(bulkApplyResponse.parse(applied.json()).rows.map((x) => x.result)).toEqual(['APLICADA']);
    expect(await readControls(card)).toEqual({ source: 'card', controls: SET, companyDefault: null });

    const trail = await suite.h.app.inject({
      method: 'GET',
      url: '/v1/audit/events',
      query: { action: 'CONTROLS_CHANGE', card: card.card.last4 },
      headers: suite.companyHeaders(),
    });
    const [event] = auditResponse.parse(trail.json()).events.filter((e) => e.target.last4 === card.card.last4);
    expect(event?.changes).toEqual(
      expect.arrayContaining([
        { field: 'origem', before: 'nenhum', after: 'do cartão' },
        { field: 'categoriasBloqueadas', before: 'nenhuma', after: 'Saques, Jogos e apostas' },
        { field: 'saque', before: 'permitidos', after: 'bloqueados' },
        { field: 'maximoPorCompra', before: 'sem limite', after: 'R$ 200,00' },
      ]),
    );
    const bulkAudit = await suite.h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bulk.controls'), eq(auditLog.target, `account:${card.account.id}`)));
    expect(bulkAudit).toHaveLength(1);
    // The Auditoria screen's filter knows the bulk row's action, and names it.
    const bulkTrail = await suite.h.app.inject({
      method: 'GET',
      url: '/v1/audit/events',
      query: { action: 'bulk.controls' },
      headers: suite.companyHeaders(),
    });
    expect(bulkTrail.statusCode, bulkTrail.body).toBe(200);
    const listed = auditResponse.parse(bulkTrail.json()).events.map((e) => e.action);
    expect(listed).toContain('bulk.controls');
    expect(actionLabel('bulk.controls')).toBe('Alteração em lote: controles de gasto');

    // The same file again: already applied, nothing written twice.
    const again = await post('apply', [rowFor(card)]);
    expect(bulkApplyResponse.parse(again.json()).rows.map((x) => x.result)).toEqual(['JA_APLICADA']);
    expect(await eventsOf(card)).toHaveLength(1);
    expect(await ownRows(card)).toHaveLength(1);
  });

  it('refuses a card blocked for good and another company’s card, keeping nothing of them, and applies the rest', async () => {
    const gone = await buildCard(suite.h, suite.company, holderIn.permanentlyBlocked());
    const live = await buildCard(suite.h, suite.company);
    const res = await post('apply', [rowFor(gone), rowFor(foreign), rowFor(live, '150,00')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      bulkApplyResponse.parse(res.json()).rows.map(({ line, result, reason }) => ({ line, result, reason })),
    ).toEqual([
      { line: 2, result: 'RECUSADA', reason: messages.cardApi.permanentlyBlocked },
      { line: 3, result: 'RECUSADA', reason: r.notInCompany },
      { line: 4, result: 'APLICADA', reason: null },
    ]);
    for (const card of [gone, foreign]) {
      expect(await ownRows(card)).toEqual([]);
      expect(await eventsOf(card)).toEqual([]);
    }
    expect((await readControls(live)).controls.maxPerPurchase).toBe(150);
  });
});

describe('a row that puts the card back on the company’s default', () => {
  it('previews its own controls → the default with the default’s impact, then applies it as the card screen does', async () => {
    const B = await buildCompany(suite.h, { members: [DEMO.login] });
    const DEFAULT = { ...OPEN_CONTROLS, blockedGroups: ['restaurantes'] as 'restaurantes'[], international: false };
    await suite.h.db.insert(spendingControls).values({
      companyId: B.id,
      cardId: null,
      blockedGroups: DEFAULT.blockedGroups,
      international: false,
      online: true,
      cashWithdrawal: true,
      maxPerPurchase: null,
      dailyLimit: null,
      monthlyLimit: null,
    });
    const card = await buildCard(suite.h, B);
    const now = suite.h.clock().getTime();
    await buildPurchase(suite.h, card, { at: new Date(now - 2 * 86_400_000), value: '80.00', mcc: 5812 });
    await buildPurchase(suite.h, card, { at: new Date(now - 1 * 86_400_000), value: '40.00', mcc: 5411 });
    expect(bulkApplyResponse.parse((await post('apply', [rowFor(card)], B)).json()).rows[0]?.result).toBe('APLICADA');
    expect((await readControls(card)).source).toBe('card');

    const back = [cpfOf(card), card.card.last4, 'Padrão da empresa', '', '', '', '', '', ''];
    const refused = [cpfOf(card), card.card.last4, 'padrao', 'Sim', '', '', '', '', ''];
    const preview = await post('preview', [back, refused], B);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = bulkPreviewResponse.parse(preview.json()).rows;
    expect(rows.map(({ result, reason }) => ({ result, reason }))).toEqual([
      { result: 'OK', reason: null },
      { result: 'ERRO', reason: r.defaultAlone('Compras internacionais') },
    ]);
    expect(rows[0]?.controls).toEqual({
      before: { source: 'card', controls: SET },
      after: { source: 'company', controls: DEFAULT },
      impact: { approved: 2, wouldDecline: 1, byControl: [{ code: 'GROUP_BLOCKED', count: 1 }] },
    });
    expect(await ownRows(card)).toHaveLength(1);

    const applied = await post('apply', [back], B);
    expect(bulkApplyResponse.parse(applied.json()).rows.map((x) => x.result)).toEqual(['APLICADA']);
    expect(await readControls(card)).toEqual({ source: 'company', controls: DEFAULT, companyDefault: DEFAULT });
    expect(await ownRows(card)).toEqual([]);
    const trail = await suite.h.app.inject({
      method: 'GET',
      url: '/v1/audit/events',
      query: { action: 'CONTROLS_CHANGE', card: card.card.last4 },
      headers: { ...bearer(suite.token), cnpj: B.cnpj, relationcode: B.relationCode },
    });
    const events = auditResponse.parse(trail.json()).events.filter((e) => e.target.last4 === card.card.last4);
    expect(events.map((e) => e.changes.find((c) => c.field === 'origem'))).toEqual(
      expect.arrayContaining([{ field: 'origem', before: 'do cartão', after: 'padrão da empresa' }]),
    );
  });
});
