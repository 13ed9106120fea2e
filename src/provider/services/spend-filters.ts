// The company spend's filters as SQL (issue 27, decision 118): the period in Brasília days, the spec's history filter
// (section 5), the status as section 4 maps it, national or international, an amount range in R$, a holder or card
// named as the cards search names them. One list of conditions, read by the page, the totals and the file alike.
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { CANCELLED, DENIED } from '../../contracts/authorization-status.ts';
import { readSearchTerm } from '../../contracts/card-search-term.ts';
import { SPEND_DEFAULT_DAYS, type SpendFilters } from '../../contracts/spend.ts';
import { authorizations as a, accounts, cards } from '../db/schema.ts';
import { approvedAuthorization } from './limit-usage.ts';

/** Spec section 5: the drops the history keeps (and a transaction type that is not empty). */
export const KEPT_DROPS = ['NORMAL', 'NEGADA', 'ONLINE', 'CANCELADA', 'APROVADA'] as const;
const BRL_CODE = 986;
const DAY_MS = 86_400_000;
/** Brasília is UTC−3 all year. */
const ZONE_MS = -3 * 3_600_000;

export interface SpendPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const isoDay = (instant: number) => new Date(instant + ZONE_MS).toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00-03:00`);

/** The period asked for, Brasília days; the last SPEND_DEFAULT_DAYS up to today by default. */
export function spendPeriod(now: Date, from?: string, to?: string): SpendPeriod {
  const last = to ?? isoDay(now.getTime());
  const first = from ?? isoDay(startOf(last).getTime() - (SPEND_DEFAULT_DAYS - 1) * DAY_MS);
  return { from: first, to: last, start: startOf(first), end: new Date(startOf(last).getTime() + DAY_MS) };
}

/** Section 4's statuses as SQL: the twins of authorizationStatus (contracts/authorization-status.ts). */
export const STATUS_SQL = {
  APROVADA: approvedAuthorization,
  NEGADA: sql`${a.descDrop} = ${DENIED}`,
  CANCELADA: sql`${a.descDrop} in ('ONLINE', ${CANCELLED})`,
} as const;

/** The CPF digits an operator who sees CPFs masked reads on screen (000.***.***-00), as the cards search allows. */
const MASKED_CPF_SHOWN_PREFIX = 3;
const NOTHING = sql`false`;

/**
 * The accounts a holder text names: any word of the name, a CPF's start, a card's (or its 2ª via's) last four. For an
 * operator who sees CPFs masked a CPF matches whole or by its shown digits only: a longer start would tell the hidden
 * digits one try at a time (decision 115).
 */
function holderCondition(companyId: number, q: string | undefined, maskedCpf: boolean): SQL | undefined {
  const term = readSearchTerm(q);
  if (term.kind === 'none') return undefined;
  const ofCompany = sql`${accounts.companyId} = ${companyId}`;
  if (term.kind === 'name') {
    const words = and(...term.words.map((w) => sql`${accounts.nameKey} like ${`% ${w}%`}`));
    return sql`${a.accountId} in (select ${accounts.id} from ${accounts} where ${ofCompany} and ${words})`;
  }
  const { digits } = term;
  const hidden = maskedCpf && digits.length > MASKED_CPF_SHOWN_PREFIX && digits.length !== 11;
  // Each way of naming the holder is its own indexed read, put together as one small set of accounts: the rows are
  // then read by account (authorizations_account_time), not by walking every row of the period.
  const cpf = sql`select ${accounts.id} from ${accounts} where ${ofCompany} and ${accounts.documentNumber} between ${digits.padEnd(11, '0')} and ${digits.padEnd(11, '9')}`;
  if (digits.length !== 4) return hidden ? NOTHING : sql`${a.accountId} in (${cpf})`;
  const byCard = (column: SQL) =>
    sql`select ${cards.accountId} from ${cards} join ${accounts} on ${accounts.id} = ${cards.accountId} where ${ofCompany} and ${column} = ${digits}`;
  const named = sql`${byCard(sql`${cards.last4}`)} union ${byCard(sql`${cards.last4TwoWay}`)}`;
  return hidden ? sql`${a.accountId} in (${named})` : sql`${a.accountId} in (${named} union ${cpf})`;
}

/**
 * Every condition but the cursor's, over authorizations `a` joined to their account. `endBound: false` when a cursor
 * bounds the page from above instead: a second upper bound on tms_incl would start the backward walk at the period's
 * end on PostgreSQL 17 (PGlite) and read every row down to the cursor (bench/spend.ts, docs/performance.md).
 */
export function spendConditions(
  companyId: number,
  period: SpendPeriod,
  f: SpendFilters,
  maskedCpf: boolean,
  endBound = true,
): SQL {
  return and(
    eq(accounts.companyId, companyId),
    gte(a.tmsIncl, period.start),
    endBound ? lt(a.tmsIncl, period.end) : undefined,
    inArray(a.descDrop, [...KEPT_DROPS]),
    sql`btrim(${a.transactionType}) <> ''`,
    f.uuid ? eq(a.accountId, f.uuid) : undefined,
    holderCondition(companyId, f.q, maskedCpf),
    f.status ? STATUS_SQL[f.status] : undefined,
    f.region === 'nacional'
      ? eq(a.coinCode, BRL_CODE)
      : f.region === 'internacional'
        ? sql`${a.coinCode} <> ${BRL_CODE}`
        : undefined,
    f.min !== undefined ? sql`${a.valueBrl} >= ${f.min}::numeric / 100` : undefined,
    f.max !== undefined ? sql`${a.valueBrl} <= ${f.max}::numeric / 100` : undefined,
  ) as SQL;
}
