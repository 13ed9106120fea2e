// Bulk changes (issue 18.2) through the API: the preview judges each row and writes nothing; the apply goes row by
// row through the single-card services, once per idempotency key, and the changes show on the normal read endpoints.
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkKind } from '../../contracts/bulk.ts';
import { messages } from '../../contracts/messages.ts';
import { centsOf, formatCents } from '../../contracts/money.ts';
import { cardConsult, cardsResponse, limitResponse, relationshipLimitResponse } from '../../contracts/schemas.ts';
import { changedTables, snapshotTables } from '../../security/snapshot.ts';
import { accounts, auditLog, bulkRows, cardEvents, cards } from '../db/schema.ts';
import { usedCents } from '../services/limit-usage.ts';
import {
  type BuiltCompany,
  buildCard,
  buildCards,
  buildCompany,
  buildPurchase,
  buildUser,
  freshCpf,
  setRelationshipLimit,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const r = messages.bulk.reasons;
let h: Harness;
let token: string;
let A: BuiltCompany;
let otherLogin: string;
type Holder = { account: typeof accounts.$inferSelect; card: typeof cards.$inferSelect; used: number };
let pool: Holder[];
let foreign: Holder;

async function holdersOf(company: BuiltCompany) {
  const rows = await h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(
      and(
        eq(accounts.companyId, company.id),
        eq(accounts.statusDescription, 'NORMAL'),
        eq(cards.status, 'Actived'),
        eq(cards.activeFlag, 'S'),
      ),
    )
    .orderBy(asc(accounts.accountNumber));
  // A CPF holding two accounts would make the examples ambiguous; each built holder has a CPF of its own.
  return Promise.all(rows.map(async (row) => ({ ...row, used: await usedCents(h.db, row.account.id) })));
}

beforeAll(async () => {
  h = await createHarness();
  // Company A, the demo operator's: live holders with some of their limit used, and R$ 500.000,00 free above their
  // limits; and a holder of another operator's company.
  A = await buildCompany(h, { members: [DEMO.login] });
  const built = await buildCards(h, A, 16);
  for (const [i, held] of built.entries()) {
    await buildPurchase(h, held, { at: new Date(Date.UTC(2026, 1, 20, 12)), value: (120 + 35 * i).toFixed(2) });
  }
  await setRelationshipLimit(h, A, (built.length * 5000 + 500_000).toFixed(2));
  ({ login: otherLogin } = await buildUser(h, { password: DEMO.password }));
  const C = await buildCompany(h, { members: [otherLogin] });
  await buildCard(h, C);
  token = await h.token(DEMO.login, DEMO.password);
  pool = (await holdersOf(A)).filter((x) => x.used > 0);
  [foreign] = (await holdersOf(C)) as [Holder];
});
afterAll(() => h.close());

let next = 0;
/** A live holder of company A with spend, never handed out twice in this file. */
const holder = () => {
  const found = pool[next++];
  if (!found) throw new Error('no holder left');
  return found;
};
const brl = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
/** Company A's free relationship limit now, in centavos. */
const freeNow = async () =>
  centsOf(
    relationshipLimitResponse.parse(
      (
        await h.app.inject({
          method: 'GET',
          url: '/v1/corporate/limit',
          headers: { ...bearer(token), cnpj: A.cnpj, relationcode: A.relationCode },
        })
      ).json(),
    ).freeLimit,
  );
/**
 * The most a row may make available on a holder whose limit is untouched, the relationship having `free` free
 * (decision 102: the credit limit is available + used, and the relationship's ceiling applies to it).
 */
const mostAvailable = (x: Holder, free: number) => centsOf(x.account.creditLimit) + free - x.used;
/** What a change of `x` to `available` takes from the relationship's free limit. */
const takes = (x: Holder, available: number) => available + x.used - centsOf(x.account.creditLimit);

const post = (name: 'preview' | 'apply', kind: BulkKind, rows: string[][], as = token, first = 2) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/bulk/${name}`,
    headers: { ...bearer(as), cnpj: A.cnpj, relationcode: A.relationCode },
    payload: { kind, rows: rows.map((cells, i) => ({ line: first + i, cells })) },
  });
const results = async (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { rows: { line: number; result: string; reason: string | null }[] }).rows.map(
    ({ line, result, reason }) => ({ line, result, reason }),
  );
};
const readLimit = async (x: Holder) =>
  limitResponse.parse(
    (
      await h.app.inject({
        method: 'GET',
        url: `/v1/limit/management/${x.account.id}`,
        headers: { ...bearer(token), last4digits: x.card.last4 },
      })
    ).json(),
  );
const badCheckDigit = (cpf: string) => cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10);
const cardRequest = (cpf: string, cep: string, name = 'Joana Prado Lima') => [
  cpf,
  name,
  'JOANA P LIMA',
  '10/05/1990',
  'F',
  'Clara Prado Lima',
  'joana.lima@empresa.com.br',
  '11',
  '912345678',
  cep,
  'Rua das Flores',
  '120',
  'Apto 3',
  'Centro',
  'São Paulo',
  'SP',
  '1.000,00',
];

describe('preview (POST /v1/bulk/preview)', () => {
  it('judges a mixed limits file row by row in pt-BR, and no table changes', async () => {
    const ok = holder();
    const high = holder();
    // The typed amount is the new available limit (decision 102).
    const newLimit = 10_000;
    const cpfOf = (x: Holder) => x.account.documentNumber;
    // The rows are judged in order, so the second change meets the relationship as the first one left it.
    const most = mostAvailable(high, (await freeNow()) - takes(ok, newLimit));
    const before = await snapshotTables(h.handle.sql);
    const rows = await results(
      await post('preview', 'limits', [
        [cpfOf(ok), ok.card.last4, brl(newLimit)],
        [badCheckDigit(cpfOf(ok)), ok.card.last4, '1.000,00'],
        [cpfOf(high), high.card.last4, brl(most + 1)],
        [cpfOf(foreign), foreign.card.last4, '1.000,00'],
        [cpfOf(ok), ok.card.last4, brl(newLimit)],
        [cpfOf(ok), ok.card.last4 === '0000' ? '0001' : '0000', '1.000,00'],
        [cpfOf(ok), ok.card.last4, 'mil reais'],
        [cpfOf(ok), ok.card.last4],
      ]),
    );
    expect(rows).toEqual([
      { line: 2, result: 'OK', reason: null },
      { line: 3, result: 'ERRO', reason: messages.proposal.invalidCpf },
      { line: 4, result: 'ERRO', reason: messages.cardApi.limitAboveRelationship(formatCents(most)) },
      { line: 5, result: 'ERRO', reason: r.notInCompany },
      { line: 6, result: 'ERRO', reason: r.duplicate(2) },
      { line: 7, result: 'ERRO', reason: r.cardNotFound(ok.card.last4 === '0000' ? '0001' : '0000') },
      { line: 8, result: 'ERRO', reason: r.invalidAmount },
      { line: 9, result: 'ERRO', reason: r.columns(3, 2) },
    ]);
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    expect(await readLimit(ok)).toMatchObject({ creditLimit: Number(ok.account.creditLimit) });
  });

  it('tells each limits row the card’s available limit now (atual → novo), for a cut and a raise alike', async () => {
    const cut = holder();
    const raise = holder();
    const [cutBefore, raiseBefore] = [await readLimit(cut), await readLimit(raise)];
    const cutTo = Math.round(cutBefore.availableLimit * 100) - 1;
    const res = await post('preview', 'limits', [
      [cut.account.documentNumber, cut.card.last4, brl(cutTo)],
      [raise.account.documentNumber, raise.card.last4, brl(Math.round(raiseBefore.availableLimit * 100) + 1)],
      [cut.account.documentNumber, cut.card.last4, 'mil reais'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { rows: { line: number; result: string; current?: number }[] }).rows;
    expect(rows.map(({ line, result, current }) => ({ line, result, current }))).toEqual([
      { line: 2, result: 'OK', current: cutBefore.availableLimit },
      { line: 3, result: 'OK', current: raiseBefore.availableLimit },
      { line: 4, result: 'ERRO', current: undefined },
    ]);
    // The dry run wrote nothing: the cut is still only proposed.
    expect(await readLimit(cut)).toEqual(cutBefore);
  });

  it('judges card requests by the request screen’s rules: a bad CEP, a bad CPF, a CPF that already has a card', async () => {
    const taken = holder();
    const before = await snapshotTables(h.handle.sql);
    const rows = await results(
      await post('preview', 'cards', [
        cardRequest(freshCpf(), '01310-100'),
        cardRequest(freshCpf(), '0131-100'),
        cardRequest(badCheckDigit(freshCpf()), '01310-100'),
        cardRequest(taken.account.documentNumber, '01310-100'),
        cardRequest(freshCpf(), '01310-100', 'Joana'),
      ]),
    );
    expect(rows).toEqual([
      { line: 2, result: 'OK', reason: null },
      { line: 3, result: 'ERRO', reason: messages.holderEdit.invalidCep },
      { line: 4, result: 'ERRO', reason: messages.proposal.invalidCpf },
      { line: 5, result: 'ERRO', reason: messages.proposal.cpfNotAllowed },
      { line: 6, result: 'ERRO', reason: messages.proposal.invalidName },
    ]);
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
  });

  it('judges blocks: the reason by name or code, an unknown reason refused', async () => {
    const x = holder();
    const rows = await results(
      await post('preview', 'blocks', [
        [x.account.documentNumber, x.card.last4, 'Bloqueio temporário', '', '', ''],
        [x.account.documentNumber, x.card.last4, 'Furto', ''],
        [x.account.documentNumber, x.card.last4, '', ''],
      ]),
    );
    expect(rows).toEqual([
      { line: 2, result: 'OK', reason: null },
      { line: 3, result: 'ERRO', reason: r.invalidReason },
      { line: 4, result: 'ERRO', reason: messages.block.reasonRequired },
    ]);
  });

  it('refuses a company the operator does not act for (404), and the same line twice in a call (400)', async () => {
    const other = await h.token(otherLogin, DEMO.password);
    const x = holder();
    const foreignCall = await post('preview', 'limits', [[x.account.documentNumber, x.card.last4, '10,00']], other);
    expect(foreignCall.statusCode).toBe(404);
    expect(foreignCall.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND', message: messages.company.notFound });
    const repeated = await h.app.inject({
      method: 'POST',
      url: '/v1/bulk/preview',
      headers: { ...bearer(token), cnpj: A.cnpj, relationcode: A.relationCode },
      payload: { kind: 'limits', rows: [2, 2].map((line) => ({ line, cells: ['1', '2', '3'] })) },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ code: 'BULK_LINE_REPEATED', message: messages.bulk.lineRepeated });
    const tooMany = await post(
      'preview',
      'limits',
      Array.from({ length: 101 }, () => ['1', '2', '3']),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('apply (POST /v1/bulk/apply)', () => {
  it('applies limits, blocks and card requests through the normal services; the read endpoints show them', async () => {
    const x = holder();
    const y = holder();
    const wanted = 12_345;
    expect(
      await results(await post('apply', 'limits', [[x.account.documentNumber, x.card.last4, brl(wanted)]])),
    ).toEqual([{ line: 2, result: 'APLICADA', reason: null }]);
    // The row's amount is what is available; the credit limit is it plus what the card had used.
    expect(await readLimit(x)).toEqual({
      creditLimit: (wanted + x.used) / 100,
      availableLimit: wanted / 100,
      availableCreditLimitUsed: x.used / 100,
    });

    expect(
      await results(await post('apply', 'blocks', [[y.account.documentNumber, y.card.last4, 'Perda', 'Lote']])),
    ).toEqual([{ line: 2, result: 'APLICADA', reason: null }]);
    const consult = await h.app.inject({
      method: 'GET',
      url: `/v2/card/consult/${y.account.id}`,
      headers: { ...bearer(token), last4digits: y.card.last4 },
    });
    expect(cardConsult.parse(consult.json()).status).toBe('Blocked');

    const cpf = freshCpf();
    expect(await results(await post('apply', 'cards', [cardRequest(cpf, '01310100')]))).toEqual([
      { line: 2, result: 'APLICADA', reason: null },
    ]);
    const list = await h.app.inject({
      method: 'GET',
      url: `/v1/cards/${cpf}`,
      headers: { ...bearer(token), cnpj: A.cnpj, relationcode: A.relationCode },
    });
    expect(cardsResponse.parse(list.json()).cardsResult.map((c) => c.cardHolder)).toEqual(['Joana Prado Lima']);

    // Each applied row is on the record: its bulk row and an audit_log row naming the operator.
    const audits = await h.db.select().from(auditLog).where(eq(auditLog.companyId, A.id)).orderBy(auditLog.id);
    expect(audits.filter((a) => a.action.startsWith('bulk.')).map((a) => [a.action, a.actorLogin])).toEqual([
      ['bulk.limits', DEMO.login],
      ['bulk.blocks', DEMO.login],
      ['bulk.cards', DEMO.login],
    ]);
    // One row per kind applied; the table keeps them under hashed keys, in no order, so they are sorted here.
    const recorded = await h.db.select().from(bulkRows).where(eq(bulkRows.companyId, A.id));
    const order = ['limits', 'blocks', 'cards'];
    expect(
      recorded
        .map((b) => [b.kind, b.outcome, b.actorLogin])
        .sort((p, q) => order.indexOf(p[0] as string) - order.indexOf(q[0] as string)),
    ).toEqual([
      ['limits', 'APLICADA', DEMO.login],
      ['blocks', 'APLICADA', DEMO.login],
      ['cards', 'APLICADA', DEMO.login],
    ]);
  });

  it('applies a re-uploaded file once: the same rows answer their earlier outcome and write nothing', async () => {
    const x = holder();
    const file = [[x.account.documentNumber, x.card.last4, brl(5_000)]];
    await results(await post('apply', 'limits', file));
    // A different spelling of the same change is the same key.
    const before = await snapshotTables(h.handle.sql);
    const again = await results(
      await post('apply', 'limits', [
        [x.account.documentNumber.replace(/^(\d{3})(\d{3})(\d{3})/, '$1.$2.$3-'), x.card.last4, `R$ ${brl(5_000)}`],
      ]),
    );
    expect(again.map((row) => row.result)).toEqual(['JA_APLICADA']);
    expect(again[0]?.reason).toMatch(/^Já aplicada em 02\/03\/2026 09:00 por .+\. Nada foi alterado de novo\.$/);
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    const preview = await results(await post('preview', 'limits', file));
    expect(preview[0]?.result).toBe('JA_APLICADA');
  });

  it('a refused row stops nothing: the others apply, and the refused one leaves no change, only its record', async () => {
    const a = holder();
    const b = holder();
    const c = holder();
    const eventsOf = (x: Holder) => h.db.select().from(cardEvents).where(eq(cardEvents.cardId, x.card.id));
    // Far past any relationship's free limit: refused now and on the retry below.
    const tooMuch = 99_999_999_999;
    const most = mostAvailable(b, (await freeNow()) - takes(a, 1_000));
    const rows = await results(
      await post('apply', 'limits', [
        [a.account.documentNumber, a.card.last4, brl(1_000)],
        [b.account.documentNumber, b.card.last4, brl(tooMuch)],
        [c.account.documentNumber, c.card.last4, brl(1_000)],
      ]),
    );
    const reason = messages.cardApi.limitAboveRelationship(formatCents(most));
    expect(rows).toEqual([
      { line: 2, result: 'APLICADA', reason: null },
      { line: 3, result: 'RECUSADA', reason },
      { line: 4, result: 'APLICADA', reason: null },
    ]);
    expect(centsOf((await readLimit(b)).creditLimit)).toBe(centsOf(b.account.creditLimit));
    expect(await eventsOf(b)).toEqual([]);
    expect((await eventsOf(a)).length).toBe(1);
    const refused = await h.db
      .select()
      .from(bulkRows)
      .where(and(eq(bulkRows.companyId, A.id), ne(bulkRows.outcome, 'APLICADA')));
    expect(refused.map((x) => [x.outcome, x.reason])).toEqual([['RECUSADA', reason]]);
    // A refused row is judged again on the next upload, not answered as already applied.
    const retried = await results(
      await post('apply', 'limits', [[b.account.documentNumber, b.card.last4, brl(tooMuch)]]),
    );
    expect(retried[0]?.result).toBe('RECUSADA');
  });

  it('a row of another company’s holder is refused and never applied', async () => {
    const before = centsOf(
      (await h.db.select().from(accounts).where(eq(accounts.id, foreign.account.id)))[0]?.creditLimit,
    );
    const rows = await results(
      await post('apply', 'limits', [[foreign.account.documentNumber, foreign.card.last4, '10,00']]),
    );
    expect(rows).toEqual([{ line: 2, result: 'RECUSADA', reason: r.notInCompany }]);
    const after = centsOf(
      (await h.db.select().from(accounts).where(eq(accounts.id, foreign.account.id)))[0]?.creditLimit,
    );
    expect(after).toBe(before);
  });
});
