// Money stays true on the network's authorization path (issue 30), over random sequences of purchases (approved and
// declined by the limit and by each control), reversals, limit changes, control changes (the card's own and the
// company's default) and virtual cards issued, bought with and cancelled, on three cards a run builds. A model holds
// what the platform should: after every step each card's available + used = credit limit, used = the approvals not
// reversed of the holder card and its virtual cards, the answer of each purchase is the one the model's controls,
// sums and virtual-card rules give, and an accepted raise never takes the relationship past its limit.
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { centsOf, numericOf } from '../../../contracts/money.ts';
import {
  type DeclineCode,
  judgeControls,
  MCC_GROUP_KEYS,
  MCC_GROUPS,
  type MccGroup,
  PURCHASE_CHANNELS,
  type PurchaseChannel,
  type SpendingControls,
} from '../../../contracts/spending-controls.ts';
import { VIRTUAL_KINDS, type VirtualKind } from '../../../contracts/virtual-cards.ts';
import { TEST_MASTER_KEY } from '../../../platform/config.ts';
import { MasterKey } from '../../../platform/master-key.ts';
import { authorizations, portalUsers, spendingControls } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { cardScope } from '../../http/scope/card.ts';
import { type BuiltCard, buildCard, buildCompany } from '../../test/builders/index.ts';
import { createHarness, DEMO, type Harness } from '../../test/harness.ts';
import { relationshipLimit } from '../limit-usage.ts';
import { changeLimit, readLimit } from '../limits.ts';
import type { Principal } from '../sessions.ts';
import { cancelVirtualCard, issueVirtualCard } from '../virtual-cards/virtual-cards.ts';
import { authorizeNetworkPurchase, periodsOf } from './authorize.ts';
import { changeCardControls } from './controls.ts';

const masterKey = MasterKey.fromBase64(TEST_MASTER_KEY);

let h: Harness;
let operator: Principal;
let companyId: number;
let runs = 0;

beforeAll(async () => {
  h = await createHarness();
  // A company of the suite's own, the demo operator its Administrador (issue 26's builders).
  companyId = (await buildCompany(h, { members: [DEMO.login] })).id;
  const [demo] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, DEMO.login));
  operator = { userId: (demo as { id: string }).id } as Principal;
}, 120_000);
afterAll(() => h.close());

const money = fc.option(
  fc.integer({ min: 1, max: 200_000 }).map((c) => c / 100),
  { nil: null },
);
const controlsArb: fc.Arbitrary<SpendingControls> = fc.record({
  blockedGroups: fc.subarray([...MCC_GROUP_KEYS]),
  international: fc.boolean(),
  online: fc.boolean(),
  cashWithdrawal: fc.boolean(),
  maxPerPurchase: money,
  dailyLimit: money,
  monthlyLimit: money,
});
const card = fc.integer({ min: 0, max: 2 });
type Op =
  | {
      kind: 'purchase';
      card: number;
      cents: number;
      group: MccGroup;
      abroad: boolean;
      channel: PurchaseChannel;
      minutes: number;
      via: number | null;
    }
  | { kind: 'issueVirtual'; card: number; cents: number; virtualKind: VirtualKind }
  | { kind: 'cancelVirtual'; card: number; nth: number }
  | { kind: 'reverse'; card: number; nth: number }
  | { kind: 'limit'; card: number; cents: number }
  | { kind: 'cardControls'; card: number; controls: SpendingControls | null }
  | { kind: 'companyDefault'; controls: SpendingControls | null };
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      card,
      cents: fc.integer({ min: 1, max: 25_000 }),
      group: fc.constantFrom(...MCC_GROUP_KEYS),
      abroad: fc.boolean(),
      channel: fc.constantFrom(...PURCHASE_CHANNELS),
      // Within 12 days around a month's end, so sequences share days and cross a month.
      minutes: fc.integer({ min: 0, max: 12 * 24 * 60 }),
      // With the holder card, or with one of its virtual cards (the nth, when it has any).
      via: fc.option(fc.nat(), { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('issueVirtual' as const),
      card,
      // Mostly within the holders' limits (R$ 2.000, 500 and 100), sometimes above them.
      cents: fc.integer({ min: 1, max: 60_000 }),
      virtualKind: fc.constantFrom(...VIRTUAL_KINDS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelVirtual' as const), card, nth: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), card, nth: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('limit' as const), card, cents: fc.integer({ min: -500, max: 400_000 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cardControls' as const),
      card,
      controls: fc.option(controlsArb, { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('companyDefault' as const),
      controls: fc.option(controlsArb, { nil: null }),
    }),
  },
);

interface Approval {
  id: number;
  cents: number;
  at: Date;
  reversed: boolean;
}
interface VirtualModel {
  id: string;
  limitCents: number;
  kind: VirtualKind;
  /** Cancelled, or a one-purchase card after its purchase: it buys no more. */
  closed: boolean;
  approvals: Approval[];
}
interface CardModel {
  built: BuiltCard;
  creditCents: number;
  own: SpendingControls | null;
  approvals: Approval[];
  virtuals: VirtualModel[];
}

const START = Date.parse('2026-01-25T12:00:00Z');
type Buyer = Pick<CardModel, 'approvals'>;
const openOf = (b: Buyer) => b.approvals.filter((a) => !a.reversed).reduce((s, a) => s + a.cents, 0);
/** What the account holds of its limit: the holder card's open approvals and its virtual cards'. */
const usedOf = (m: CardModel) => m.virtuals.reduce((s, v) => s + openOf(v), openOf(m));
const sumIn = (b: Buyer, from: Date, to: Date) =>
  b.approvals.filter((a) => !a.reversed && a.at >= from && a.at < to).reduce((s, a) => s + a.cents, 0);

/**
 * The verdict the model expects: a virtual card's own rules (open, its limit), the holder's limit, then the controls
 * in force — the buying card's own, else the company's — with the buying card's own sums.
 */
function expected(
  m: CardModel,
  v: VirtualModel | null,
  companyDefault: SpendingControls | null,
  o: Extract<Op, { kind: 'purchase' }>,
  at: Date,
) {
  if (v?.closed) return 'CARD_UNUSABLE';
  if (v && openOf(v) + o.cents > v.limitCents) return 'VIRTUAL_LIMIT';
  if (usedOf(m) + o.cents > m.creditCents) return 'INSUFFICIENT_LIMIT';
  const buyer: Buyer = v ?? m;
  const controls = v ? companyDefault : (m.own ?? companyDefault);
  if (!controls) return 'APPROVED';
  const p = periodsOf(at);
  const facts = {
    valueCents: o.cents,
    mcc: MCC_GROUPS[o.group].example,
    country: o.abroad ? 'US' : 'BR',
    channel: o.channel,
  };
  const spent = { dayCents: sumIn(buyer, p.day, p.nextDay), monthCents: sumIn(buyer, p.month, p.nextMonth) };
  return judgeControls(controls, facts, spent) ?? 'APPROVED';
}

async function check(models: CardModel[]) {
  for (const m of models) {
    const limit = await readLimit(h.db, (await scopeOf(m.built)) as never);
    expect(Math.round(limit.availableLimit * 100) + Math.round(limit.availableCreditLimitUsed * 100)).toBe(
      Math.round(limit.creditLimit * 100),
    );
    expect(Math.round(limit.creditLimit * 100)).toBe(m.creditCents);
    expect(Math.round(limit.availableCreditLimitUsed * 100)).toBe(usedOf(m));
  }
}

async function scopeOf(built: BuiltCard) {
  const scope = await cardScope(
    h.db,
    operator,
    { accountId: built.account.id, last4: built.card.last4 },
    'cards.write',
  );
  if (!scope) throw new Error('the demo operator does not reach a card built in its company');
  return scope;
}

it('keeps available + used = credit limit, answers as the model, and never passes the relationship', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
      runs += 1;
      await h.db
        .delete(spendingControls)
        .where(and(eq(spendingControls.companyId, companyId), isNull(spendingControls.cardId)));
      let companyDefault: SpendingControls | null = null;
      const models: CardModel[] = [];
      for (const creditCents of [200_000, 50_000, 10_000]) {
        models.push({
          built: await buildCard(h, { id: companyId }, { creditLimit: numericOf(creditCents) }),
          creditCents,
          own: null,
          approvals: [],
          virtuals: [],
        });
      }
      let seq = 0;
      for (const o of ops) {
        if (o.kind === 'purchase') {
          const m = models[o.card] as CardModel;
          const v = o.via === null ? null : (m.virtuals[o.via % Math.max(1, m.virtuals.length)] ?? null);
          const at = new Date(START + o.minutes * 60_000);
          const want = expected(m, v, companyDefault, o, at);
          const answer = await authorizeNetworkPurchase(h.db, {
            requestId: `prop-${process.pid}-${runs}-${++seq}`,
            cardId: v ? v.id : m.built.card.id,
            valueCents: o.cents,
            merchantName: 'LOJA',
            mcc: MCC_GROUPS[o.group].example,
            merchantCountry: o.abroad ? 'US' : 'BR',
            channel: o.channel,
            at,
          });
          expect(answer.code, JSON.stringify(o)).toBe(want as DeclineCode | 'APPROVED');
          if (answer.approved) {
            const [row] = await h.db
              .select({ id: authorizations.id })
              .from(authorizations)
              .where(eq(authorizations.networkRequestId, answer.requestId));
            (v ?? m).approvals.push({ id: (row as { id: number }).id, cents: o.cents, at, reversed: false });
            if (v && v.kind === 'UMA_COMPRA') v.closed = true;
          }
        } else if (o.kind === 'issueVirtual') {
          const m = models[o.card] as CardModel;
          const body = { label: 'Assinaturas', kind: o.virtualKind, limit: o.cents / 100, validityMonths: 24 };
          const issue = issueVirtualCard(h.db, await scopeOf(m.built), { at: h.clock() }, masterKey, body);
          // Its own limit within the holder's credit limit, or refused with nothing written.
          if (o.cents > m.creditCents) {
            await expect(issue).rejects.toMatchObject({ code: 'VIRTUAL_LIMIT_ABOVE_HOLDER' });
          } else {
            const { id } = await issue;
            m.virtuals.push({ id, limitCents: o.cents, kind: o.virtualKind, closed: false, approvals: [] });
          }
        } else if (o.kind === 'cancelVirtual') {
          const m = models[o.card] as CardModel;
          const v = m.virtuals[o.nth % Math.max(1, m.virtuals.length)];
          if (!v) continue;
          const cancel = cancelVirtualCard(h.db, await scopeOf(m.built), { at: h.clock() }, v.id);
          if (v.closed) await expect(cancel).rejects.toMatchObject({ code: 'VIRTUAL_CARD_CLOSED' });
          else await cancel;
          v.closed = true;
        } else if (o.kind === 'reverse') {
          const m = models[o.card] as CardModel;
          const open = [m, ...m.virtuals].flatMap((b) => b.approvals).filter((a) => !a.reversed);
          const target = open[o.nth % Math.max(1, open.length)];
          if (!target) continue;
          // The network's reversal: the platform marks the authorization CANCELADA and it holds nothing more.
          await h.db.update(authorizations).set({ descDrop: 'CANCELADA' }).where(eq(authorizations.id, target.id));
          target.reversed = true;
        } else if (o.kind === 'limit') {
          const m = models[o.card] as CardModel;
          try {
            const before = m.creditCents;
            await changeLimit(h.db, await scopeOf(m.built), { at: h.clock() }, { availableLimit: o.cents / 100 });
            m.creditCents = o.cents + usedOf(m);
            // A raise goes through only within what the relationship has free beside the other cards.
            if (m.creditCents > before) {
              const rel = await relationshipLimit(h.db, companyId, m.built.account.id);
              expect(rel.committed + m.creditCents).toBeLessThanOrEqual(rel.limit);
            }
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
          }
        } else if (o.kind === 'cardControls') {
          const m = models[o.card] as CardModel;
          await changeCardControls(h.db, await scopeOf(m.built), { at: h.clock() }, o.controls);
          m.own =
            o.controls === null
              ? null
              : { ...o.controls, blockedGroups: MCC_GROUP_KEYS.filter((g) => o.controls?.blockedGroups.includes(g)) };
        } else {
          await h.db
            .delete(spendingControls)
            .where(and(eq(spendingControls.companyId, companyId), isNull(spendingControls.cardId)));
          if (o.controls) {
            const c = o.controls;
            await h.db.insert(spendingControls).values({
              companyId,
              blockedGroups: c.blockedGroups,
              international: c.international,
              online: c.online,
              cashWithdrawal: c.cashWithdrawal,
              maxPerPurchase: c.maxPerPurchase === null ? null : c.maxPerPurchase.toFixed(2),
              dailyLimit: c.dailyLimit === null ? null : c.dailyLimit.toFixed(2),
              monthlyLimit: c.monthlyLimit === null ? null : c.monthlyLimit.toFixed(2),
            });
          }
          companyDefault = o.controls;
        }
        await check(models);
      }
      // The recorded approvals are what the model approved, cent for cent, card by card.
      for (const b of models.flatMap((m) => [
        { id: m.built.card.id, buyer: m as Buyer },
        ...m.virtuals.map((v) => ({ id: v.id, buyer: v })),
      ])) {
        const rows = await h.db.select().from(authorizations).where(eq(authorizations.cardId, b.id));
        const approved = rows.filter((r) => r.descDrop === 'NORMAL').reduce((s, r) => s + centsOf(r.valueBrl), 0);
        expect(approved).toBe(openOf(b.buyer));
      }
    }),
    { numRuns: 40 },
  );
}, 300_000);
