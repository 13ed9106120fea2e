// Impact preview (issue 18.3): what a block, a cancel or a 2ª via changes for one card, read before the operator
// confirms. Every figure comes from the functions the limit screen and the history already use: the pending
// authorizations are the ones `holdsLimit` counts into "used", the relationship's free limit is `relationshipLimit`'s.
import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import { type CardImpact, type ImpactAction, SECOND_COPY_DELIVERY_DAYS } from '../../contracts/impact.ts';
import { centsOf, reaisOf } from '../../contracts/money.ts';
import type { Db } from '../db/client.ts';
import { authorizations, occurrences, transactions } from '../db/schema.ts';
import type { CardScope } from '../http/scope/types.ts';
import type { AccountRow, CardRow } from './cards.ts';
import { holdsLimit, relationshipLimit, usedCents } from './limit-usage.ts';
import { limitOfAccount } from './limits.ts';

/** Invoice lines that raise what is charged, and those that lower it; payments (PGT) pay an earlier invoice. */
const CHARGE_GROUPS = ['DEN', 'DEI', 'DEB'] as const;
const CREDIT_GROUPS = ['CRE'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day in São Paulo, YYYY-MM-DD: invoices are due by the Brazilian calendar. */
export const saoPauloDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);

async function pendingAuthorizations(db: Db, accountId: string) {
  const [row] = await db.select({ count: count() }).from(authorizations).where(holdsLimit(accountId));
  return { count: row?.count ?? 0, total: reaisOf(await usedCents(db, accountId)) };
}

async function openInvoices(db: Db, account: AccountRow, card: CardRow, scope: 'card' | 'account', today: string) {
  const digits = [card.last4, card.last4TwoWay].filter((d): d is string => d !== null);
  const rows = await db
    .select({
      dueDate: transactions.dueDate,
      group: transactions.abbreviationGroup,
      value: transactions.valueNational,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, account.id),
        gte(transactions.dueDate, today),
        inArray(transactions.abbreviationGroup, [...CHARGE_GROUPS, ...CREDIT_GROUPS]),
        scope === 'card' ? inArray(transactions.last4, digits) : undefined,
      ),
    )
    .orderBy(asc(transactions.dueDate));
  const byDate = new Map<string, { count: number; cents: number }>();
  for (const r of rows) {
    const entry = byDate.get(r.dueDate) ?? { count: 0, cents: 0 };
    const sign = (CREDIT_GROUPS as readonly string[]).includes(r.group) ? -1 : 1;
    entry.count += 1;
    entry.cents += sign * centsOf(r.value);
    byDate.set(r.dueDate, entry);
  }
  const dueDates = [...byDate].map(([dueDate, e]) => ({ dueDate, count: e.count, total: reaisOf(e.cents) }));
  const cents = [...byDate.values()].reduce((sum, e) => sum + e.cents, 0);
  return { scope, count: rows.length, total: reaisOf(cents), dueDates };
}

async function limitFigures(db: Db, account: AccountRow, action: ImpactAction) {
  const figures = await limitOfAccount(db, account);
  const relationship = await relationshipLimit(db, account.companyId);
  const freeNow = relationship.limit - relationship.committed;
  // relationshipLimit commits the limit of every account that is not CANCELADA: a cancel frees all of it at once.
  const returns = action === 'cancel' && account.statusDescription !== 'CANCELADA' ? centsOf(account.creditLimit) : 0;
  return {
    creditLimit: figures.creditLimit,
    availableLimit: figures.availableLimit,
    used: figures.availableCreditLimitUsed,
    returnsToRelationship: reaisOf(returns),
    relationshipFreeNow: reaisOf(freeNow),
    relationshipFreeAfter: reaisOf(freeNow + returns),
  };
}

/** The newest 2ª via of the card: on its way while its delivery window has not passed (decision 082). */
async function secondCopyOf(db: Db, card: CardRow, now: Date) {
  const [latest] = await db
    .select({ at: occurrences.at })
    .from(occurrences)
    .where(and(eq(occurrences.cardId, card.id), eq(occurrences.modalityType, 'ISSUE_CARD_2_WAY')))
    .orderBy(desc(occurrences.at))
    .limit(1);
  if (!card.last4TwoWay || !latest) {
    return { onItsWay: false, last4: card.last4TwoWay, requestedAt: null, expectedBy: null };
  }
  const due = new Date(latest.at.getTime() + SECOND_COPY_DELIVERY_DAYS * DAY_MS);
  return {
    onItsWay: now.getTime() < due.getTime(),
    last4: card.last4TwoWay,
    requestedAt: latest.at.toISOString(),
    expectedBy: saoPauloDate(due),
  };
}

export async function cardImpact(db: Db, scope: CardScope, action: ImpactAction, now: Date): Promise<CardImpact> {
  const { account, card } = scope;
  const today = saoPauloDate(now);
  return {
    action,
    today,
    pendingAuthorizations: await pendingAuthorizations(db, account.id),
    openInvoices: await openInvoices(db, account, card, action === 'cancel' ? 'account' : 'card', today),
    limit: await limitFigures(db, account, action),
    secondCopy: await secondCopyOf(db, card, now),
  };
}
