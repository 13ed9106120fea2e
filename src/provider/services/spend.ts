// The company's spend (issue 27, decision 118): one page of every card's authorizations under the screen's filters,
// newest first, keyset on (tms_incl, id) through the authorizations_time index (migration 0020), so a page deep in a
// million rows costs what the first one does; the filter's totals are read with the first page only.
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { authorizationStatus } from '../../contracts/authorization-status.ts';
import { centsOf } from '../../contracts/money.ts';
import {
  SPEND_PAGE_SIZE,
  type SpendFilters,
  type SpendResponse,
  type SpendRow,
  type SpendTotals,
} from '../../contracts/spend.ts';
import type { DbExecutor } from '../db/client.ts';
import { authorizations as a, accounts, cards } from '../db/schema.ts';
import { historyColumns } from './history.ts';
import { type SpendPeriod, STATUS_SQL, spendConditions } from './spend-filters.ts';

export { spendPeriod } from './spend-filters.ts';

const micros = sql<string>`(extract(epoch from ${a.tmsIncl}) * 1000000)::bigint::text`;

/**
 * Rows strictly after the cursor in (tms_incl desc, id desc) order, and before the period's end: a cursor past the end
 * (one not from this period's pages) reads from the end.
 */
function after(cursor: string | undefined, end: Date): SQL | undefined {
  if (!cursor) return undefined;
  const [cursorUs, cursorId] = cursor.split('~') as [string, string];
  const endUs = BigInt(end.getTime()) * 1000n;
  const beyond = BigInt(cursorUs) >= endUs;
  const us = beyond ? endUs.toString() : cursorUs;
  const id = beyond ? '0' : cursorId;
  const instant = sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
  return sql`(${a.tmsIncl}, ${a.id}) < (${instant}, ${id}::bigint)`;
}

/** The last four digits of the card that bought each row: its own card, else the account's holder card. */
async function last4Of(db: DbExecutor, rows: { accountId: string; cardId: string | null }[]) {
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const cardIds = [...new Set(rows.flatMap((r) => (r.cardId ? [r.cardId] : [])))];
  if (accountIds.length === 0) return () => '';
  const found = await db
    .select({ id: cards.id, accountId: cards.accountId, last4: cards.last4, type: cards.cardType })
    .from(cards)
    .where(
      or(
        and(inArray(cards.accountId, accountIds), eq(cards.cardType, 'TITULAR')),
        cardIds.length > 0 ? inArray(cards.id, cardIds) : undefined,
      ),
    );
  const byCard = new Map(found.map((c) => [c.id, c.last4]));
  const holderCard = new Map(found.filter((c) => c.type === 'TITULAR').map((c) => [c.accountId, c.last4]));
  return (r: { accountId: string; cardId: string | null }) =>
    (r.cardId ? byCard.get(r.cardId) : undefined) ?? holderCard.get(r.accountId) ?? '';
}

export interface SpendPageInput extends SpendFilters {
  after?: string;
  limit?: number;
  /** The operator sees CPFs masked (decision 090): a CPF matches whole or by its shown digits only. */
  maskedCpf: boolean;
}

/** One page and the cursor of the next. */
export async function spendPage(db: DbExecutor, companyId: number, period: SpendPeriod, input: SpendPageInput) {
  const size = input.limit ?? SPEND_PAGE_SIZE;
  const rows = await db
    .select({
      id: a.id,
      micros,
      accountId: a.accountId,
      cardId: a.cardId,
      holder: accounts.holderName,
      ...historyColumns,
    })
    .from(a)
    .innerJoin(accounts, eq(accounts.id, a.accountId))
    .where(
      and(spendConditions(companyId, period, input, input.maskedCpf, !input.after), after(input.after, period.end)),
    )
    .orderBy(desc(a.tmsIncl), desc(a.id))
    .limit(size + 1);
  const shown = rows.slice(0, size);
  const cardOf = await last4Of(db, shown);
  const transactions = shown.map(
    (r): SpendRow => ({
      id: String(r.id),
      uuid: r.accountId,
      holder: r.holder,
      last4: cardOf(r),
      tmsInclH: r.tmsIncl.toISOString(),
      numAuthorization: r.numAuthorization,
      establishmentName: r.establishmentName,
      qtdParcel: r.qtdParcel,
      coinCode: r.coinCode,
      mainValue: Number(r.mainValue),
      valueBrl: Number(r.valueBrl),
      descResponseTransaction: r.descResponseTransaction,
      descDrop: r.descDrop,
      transactionType: r.transactionType,
      capturedOffline: r.capturedOffline,
      passwordValidated: r.passwordValidated,
      status: authorizationStatus(r),
      ...(r.declineCode ? { declineCode: r.declineCode } : {}),
    }),
  );
  const last = shown.at(-1);
  return { transactions, next: rows.length > size && last ? `${last.micros}~${last.id}` : null };
}

const countOf = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`;
const sumOf = (where: SQL) => sql<string>`coalesce(sum(${a.valueBrl}) filter (where ${where}), 0)::text`;

/** The whole filter's count and, per status, its count and R$ sum. */
export async function spendTotals(
  db: DbExecutor,
  companyId: number,
  period: SpendPeriod,
  f: SpendFilters,
  maskedCpf: boolean,
): Promise<SpendTotals> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      approved: countOf(STATUS_SQL.APROVADA),
      approvedSum: sumOf(STATUS_SQL.APROVADA),
      denied: countOf(STATUS_SQL.NEGADA),
      deniedSum: sumOf(STATUS_SQL.NEGADA),
      cancelled: countOf(STATUS_SQL.CANCELADA),
      cancelledSum: sumOf(STATUS_SQL.CANCELADA),
    })
    .from(a)
    .innerJoin(accounts, eq(accounts.id, a.accountId))
    .where(spendConditions(companyId, period, f, maskedCpf));
  return {
    count: row?.count ?? 0,
    approved: { count: row?.approved ?? 0, cents: centsOf(row?.approvedSum) },
    denied: { count: row?.denied ?? 0, cents: centsOf(row?.deniedSum) },
    cancelled: { count: row?.cancelled ?? 0, cents: centsOf(row?.cancelledSum) },
  };
}

/** The screen's answer: a page, and the totals when it is the first. */
export async function companySpend(
  db: DbExecutor,
  companyId: number,
  period: SpendPeriod,
  input: SpendPageInput,
): Promise<SpendResponse> {
  const { after: cursor, limit: _limit, maskedCpf, ...filters } = input;
  const page = await spendPage(db, companyId, period, input);
  const totals = cursor ? null : await spendTotals(db, companyId, period, filters, maskedCpf);
  return { ...page, totals, from: period.from, to: period.to };
}
