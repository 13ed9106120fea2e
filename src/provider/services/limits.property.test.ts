// Money invariants of the card limit, over random sequences of limit changes (valid and not; each asks for an
// available limit, spec section 2 and decision 102), blocks, unblocks, cancels and purchases on a few accounts of one
// relationship (built with a small free limit, so raises past it happen). Runs on PGlite, and on PostgreSQL when
// DATABASE_URL is set.
import { eq, gt, inArray, max, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApprovedAuthorization } from '../../contracts/authorization-status.ts';
import { centsOf } from '../../contracts/money.ts';
import { accounts, authorizations, cardEvents, cards } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { cardScope } from '../http/scope/card.ts';
import {
  type BuiltCard,
  buildCard,
  buildCompany,
  buildPurchase,
  buildUser,
  holderIn,
  setRelationshipLimit,
} from '../test/builders/index.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { authorizePurchase, cardUsable } from './authorizations.ts';
import { activateCard, blockCard, type ChangeAt, cancelAccount } from './card-controls.ts';
import { isPermanentlyBlocked } from './cards.ts';
import { relationshipLimit } from './limit-usage.ts';
import { changeLimit, readLimit } from './limits.ts';
import type { Principal } from './sessions.ts';

let h: Harness;
let actor: ChangeAt;
let operator: Principal;
let companyId: number;
type Row = BuiltCard;
/** The relationship's holders: active, blocked P, blocked R, and a permanently blocked one. */
let tracked: Row[] = [];
/** What the relationship has free above its holders' credit limits: R$ 1.000,00. */
const FREE_CENTS = 100_000;

beforeAll(async () => {
  h = await createHarness();
  actor = { at: new Date('2026-03-02T12:00:00Z') };
  const company = await buildCompany(h);
  companyId = company.id;
  // An Administrador of the relationship, who may change its cards.
  const admin = await buildUser(h, { companies: [{ company, profile: 'ADMINISTRADOR' }] });
  operator = { userId: admin.id } as Principal;
  tracked = [
    await buildCard(h, company, { creditLimit: '5000.00' }),
    await buildCard(h, company, { creditLimit: '8000.00', ...holderIn.blocked('P') }),
    await buildCard(h, company, { creditLimit: '2500.00', ...holderIn.blocked('R') }),
    await buildCard(h, company, { creditLimit: '10000.00', ...holderIn.permanentlyBlocked() }),
  ];
  // Some of each limit used already (open purchases), and one purchase paid (settled): used is not zero.
  const day = (d: number) => new Date(Date.UTC(2026, 1, d, 12));
  for (const [i, held] of tracked.entries()) {
    await buildPurchase(h, held, { at: day(10 + i), value: (300 + 150 * i).toFixed(2) });
    await buildPurchase(h, held, { at: day(1), value: '99.90', settledAt: day(22) });
  }
  const credit = tracked.reduce((sum, t) => sum + centsOf(t.account.creditLimit), 0);
  await setRelationshipLimit(h, company, ((credit + FREE_CENTS) / 100).toFixed(2));
}, 120_000);
afterAll(() => h.close());

/** Puts the tracked rows back as the seed left them and drops the authorizations a run added. */
async function restore(sinceAuthorization: number) {
  await h.db.delete(authorizations).where(gt(authorizations.id, sinceAuthorization));
  for (const { account, card } of tracked) {
    await h.db
      .update(accounts)
      .set({ creditLimit: account.creditLimit, statusDescription: account.statusDescription })
      .where(eq(accounts.id, account.id));
    await h.db
      .update(cards)
      .set({ status: card.status, blockCode: card.blockCode, activeFlag: card.activeFlag })
      .where(eq(cards.id, card.id));
  }
}

/** Used, in centavos, from the rows and the shared approval rule (independent of the service's SQL). */
async function spent(accountId: string) {
  const rows = await h.db.select().from(authorizations).where(eq(authorizations.accountId, accountId));
  return rows
    .filter((r) => r.settledAt === null && isApprovedAuthorization(r))
    .reduce((s, r) => s + centsOf(r.valueBrl), 0);
}

async function stateOf(i: number) {
  const { account, card } = tracked[i] as Row;
  const [row] = await h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.id, card.id))
    .where(eq(accounts.id, account.id));
  return row as Row;
}

/** Every tracked row as it is, to see that a refused operation changed none of them. */
const snapshot = async () => Promise.all(tracked.map((_, i) => stateOf(i)));
const eventCount = async () => {
  const [row] = await h.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardEvents)
    .where(
      inArray(
        cardEvents.cardId,
        tracked.map((t) => t.card.id),
      ),
    );
  return row?.n ?? 0;
};

/**
 * What a limit change asks for, as an available limit: any amount; the card's available now; the most the
 * relationship lets it have (ceiling − used), and one centavo past it; and a centavo, less than anything used.
 */
type Target = 'free' | 'same' | 'cent' | 'ceiling' | 'aboveCeiling';
type Op =
  | { kind: 'limit'; acc: number; target: Target; cents: number }
  | { kind: 'block'; acc: number; reason: 'P' | 'R' | 'BE' | 'O' }
  | { kind: 'unblock'; acc: number }
  | { kind: 'cancel'; acc: number }
  | { kind: 'purchase'; acc: number; cents: number };

const acc = fc.integer({ min: 0, max: 3 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      acc,
      target: fc.constantFrom<Target>('free', 'same', 'cent', 'ceiling', 'aboveCeiling'),
      cents: fc.integer({ min: -100_000, max: 3_000_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('block' as const), acc, reason: fc.constantFrom('P', 'R', 'BE', 'O') }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unblock' as const), acc }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), acc }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('purchase' as const), acc, cents: fc.integer({ min: 1, max: 800_000 }) }),
  },
);

async function scopeOf(accountId: string, last4: string) {
  const scope = await cardScope(h.db, operator, { accountId, last4 }, 'cards.write');
  if (!scope) throw new Error(`the operator does not reach ${accountId}`);
  return scope;
}

/** Runs one operation; true when it was carried out, false when refused with a 4xx reason. */
async function apply(o: Op, wanted: number): Promise<boolean> {
  const { account, card } = tracked[o.acc] as Row;
  // The card as the scope step finds it for the operator, who may change it.
  const scope = await scopeOf(account.id, card.last4);
  try {
    if (o.kind === 'limit') await changeLimit(h.db, scope, actor, { availableLimit: wanted / 100 });
    else if (o.kind === 'block')
      await blockCard(h.db, scope, actor, { blockingReason: o.reason, descriptionOccurrence: 'teste' });
    else if (o.kind === 'unblock') await activateCard(h.db, scope, actor);
    else if (o.kind === 'cancel') await cancelAccount(h.db, scope, actor);
    else {
      const verdict = await authorizePurchase(h.db, {
        accountId: account.id,
        valueCents: o.cents,
        establishmentName: 'LOJA TESTE',
        at: actor.at,
      });
      return verdict.descDrop === 'NORMAL';
    }
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

describe('card limit invariants over random operations', () => {
  it('used moves only with approved purchases; a change sets available, limit = available + used; refusals write nothing', async () => {
    const [top] = await h.db.select({ id: max(authorizations.id) }).from(authorizations);
    const baseline = Number(top?.id ?? 0);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        await restore(baseline);
        for (const o of ops) {
          const before = await stateOf(o.acc);
          const usedBefore = await spent(before.account.id);
          const current = centsOf(before.account.creditLimit);
          const relationship = await relationshipLimit(h.db, companyId, before.account.id);
          const ceiling = relationship.limit - relationship.committed;
          // The typed value is the new available limit (spec section 2): the credit limit asked for is it + used.
          const wanted =
            o.kind !== 'limit'
              ? 0
              : {
                  free: o.cents,
                  same: current - usedBefore,
                  cent: 1,
                  ceiling: ceiling - usedBefore,
                  aboveCeiling: ceiling - usedBefore + 1,
                }[o.target];
          const rows = await snapshot();
          const events = await eventCount();

          const done = await apply(o, wanted);

          const usedAfter = await spent(before.account.id);
          // What the rules say should have happened, from the state before.
          if (o.kind === 'purchase') {
            const fits = usedBefore + o.cents <= current;
            expect(done).toBe(cardUsable(before.card, before.account) && fits);
            expect(usedAfter).toBe(usedBefore + (done ? o.cents : 0));
          } else {
            expect(usedAfter).toBe(usedBefore);
          }
          if (o.kind === 'limit') {
            const credit = wanted + usedBefore;
            const allowed =
              !isPermanentlyBlocked(before.card, before.account) &&
              wanted > 0 &&
              (credit <= current || credit <= ceiling);
            expect(done).toBe(allowed);
            // Carried out: the typed amount is what is available, and the credit limit is it plus what was used.
            if (done) {
              const after = await stateOf(o.acc);
              expect(centsOf(after.account.creditLimit)).toBe(credit);
            }
          }
          // Refused: nothing written, no row changed (a denied purchase only leaves its NEGADA authorization).
          if (!done) {
            expect(await eventCount()).toBe(events);
            expect(await snapshot()).toEqual(rows);
          }
          // The card's three figures agree, and the relationship is never over-committed by a change.
          const figures = await readLimit(h.db, await scopeOf(before.account.id, before.card.last4));
          expect(centsOf(figures.availableLimit) + centsOf(figures.availableCreditLimitUsed)).toBe(
            centsOf(figures.creditLimit),
          );
          expect(centsOf(figures.availableCreditLimitUsed)).toBe(usedAfter);
          const whole = await relationshipLimit(h.db, companyId);
          expect(whole.committed).toBeLessThanOrEqual(whole.limit);
        }
      }),
      { numRuns: 30 },
    );
    await restore(baseline);
  }, 300_000);
});
