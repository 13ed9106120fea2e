// Money stays true on the network's authorization path (issue 30), over random sequences of purchases (approved and
// declined by the limit and by each control), reversals, limit changes and control changes (the card's own and the
// company's default) on three cards a run builds. A model holds what the platform should: after every step each
// card's available + used = credit limit, used = the approvals not reversed, the answer of each purchase is the one
// the model's controls and sums give, and an accepted raise never takes the relationship past its limit.
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
import { authorizations, portalUsers, spendingControls } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { cardScope } from '../../http/scope/card.ts';
import { type BuiltCard, buildCard, buildCompany } from '../../test/builders/index.ts';
import { createHarness, DEMO, type Harness } from '../../test/harness.ts';
import { relationshipLimit } from '../limit-usage.ts';
import { changeLimit, readLimit } from '../limits.ts';
import type { Principal } from '../sessions.ts';
import { authorizeNetworkPurchase, periodsOf } from './authorize.ts';
import { changeCardControls } from './controls.ts';

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
    }
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
    }),
  },
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
interface CardModel {
  built: BuiltCard;
  creditCents: number;
  own: SpendingControls | null;
  approvals: Approval[];
}

const START = Date.parse('2026-01-25T12:00:00Z');
const usedOf = (m: CardModel) => m.approvals.filter((a) => !a.reversed).reduce((s, a) => s + a.cents, 0);
const sumIn = (m: CardModel, from: Date, to: Date) =>
  m.approvals.filter((a) => !a.reversed && a.at >= from && a.at < to).reduce((s, a) => s + a.cents, 0);

/** The verdict the model expects: the limit first, then the controls in force, with the model's own sums. */
function expected(
  m: CardModel,
  companyDefault: SpendingControls | null,
  o: Extract<Op, { kind: 'purchase' }>,
  at: Date,
) {
  if (usedOf(m) + o.cents > m.creditCents) return 'INSUFFICIENT_LIMIT';
  const controls = m.own ?? companyDefault;
  if (!controls) return 'APPROVED';
  const p = periodsOf(at);
  const facts = {
    valueCents: o.cents,
    mcc: MCC_GROUPS[o.group].example,
    country: o.abroad ? 'US' : 'BR',
    channel: o.channel,
  };
  const spent = { dayCents: sumIn(m, p.day, p.nextDay), monthCents: sumIn(m, p.month, p.nextMonth) };
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
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
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
        });
      }
      let seq = 0;
      for (const o of ops) {
        if (o.kind === 'purchase') {
          const m = models[o.card] as CardModel;
          const at = new Date(START + o.minutes * 60_000);
          const want = expected(m, companyDefault, o, at);
          const answer = await authorizeNetworkPurchase(h.db, {
            requestId: `prop-${process.pid}-${runs}-${++seq}`,
            cardId: m.built.card.id,
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
            m.approvals.push({ id: (row as { id: number }).id, cents: o.cents, at, reversed: false });
          }
        } else if (o.kind === 'reverse') {
          const m = models[o.card] as CardModel;
          const open = m.approvals.filter((a) => !a.reversed);
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
      // The recorded approvals are what the model approved, cent for cent.
      for (const m of models) {
        const rows = await h.db.select().from(authorizations).where(eq(authorizations.cardId, m.built.card.id));
        const approved = rows.filter((r) => r.descDrop === 'NORMAL').reduce((s, r) => s + centsOf(r.valueBrl), 0);
        expect(approved).toBe(usedOf(m));
      }
    }),
    { numRuns: 20 },
  );
}, 300_000);
