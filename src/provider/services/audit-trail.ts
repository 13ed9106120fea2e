// The audit trail screen (issue 16, decision 089): one list over a company's audit_log rows (its own, and the rows
// about no company — sign-ins, lockouts, password changes — of its operators) and its cards' card_events, newest
// first, keyset on (at, source, id). Each branch is read through its own index (company, at, id) with its own limit,
// so a page costs the same on the first day and at a million rows.
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  AUDIT_DEFAULT_DAYS,
  AUDIT_MONTHS,
  AUDIT_PAGE_SIZE,
  AUDIT_ZONE_OFFSET,
  type AuditChange,
  type AuditEvent,
} from '../../contracts/audit.ts';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { accounts, cards } from '../db/schema.ts';
import { fail } from '../errors.ts';

const m = messages.audit;
const DAY_MS = 86_400_000;
/** Brasília is UTC−3 all year. */
const ZONE_MS = -3 * 3_600_000;

export interface AuditFilters {
  from?: string;
  to?: string;
  operator?: string;
  card?: string;
  action?: string;
  cursor?: string;
  limit?: number;
}

export interface AuditPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const isoDay = (instant: number) => new Date(instant + ZONE_MS).toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00${AUDIT_ZONE_OFFSET}`);

/**
 * The period asked for, Brasília days, the last AUDIT_DEFAULT_DAYS by default. The screen reaches AUDIT_MONTHS back;
 * the CSV export (`floor: false`) reaches any older row still kept.
 */
export function auditPeriod(now: Date, from: string | undefined, to: string | undefined, floor = true): AuditPeriod {
  const today = isoDay(now.getTime());
  const last = to ?? today;
  const first = from ?? isoDay(startOf(last).getTime() - AUDIT_DEFAULT_DAYS * DAY_MS + DAY_MS);
  if (last > today) fail('AUDIT_PERIOD_INVALID', m.period.future);
  if (first > last) fail('AUDIT_PERIOD_INVALID', m.period.order);
  if (floor) {
    const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
    const back = new Date(Date.UTC(y, mo - 1 - AUDIT_MONTHS, d)).toISOString().slice(0, 10);
    if (first < back) fail('AUDIT_PERIOD_INVALID', m.period.tooOld);
  }
  return { from: first, to: last, start: startOf(first), end: new Date(startOf(last).getTime() + DAY_MS) };
}

interface Cursor {
  micros: string;
  source: 'a' | 'c';
  id: string;
}

const cursorOf = (text: string | undefined): Cursor | null => {
  if (!text) return null;
  const [micros, source, id] = text.split('~') as [string, 'a' | 'c', string];
  return { micros, source, id };
};

/** The branch's part of "after the cursor" in (at desc, source desc, id desc) order. */
function after(cursor: Cursor | null, source: 'a' | 'c', at: SQL, id: SQL): SQL {
  if (!cursor) return sql`true`;
  const instant = sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
  if (cursor.source === source) return sql`(${at}, ${id}) < (${instant}, ${cursor.id}::bigint)`;
  // 'c' sorts before 'a' at one instant: after a card row, the audit rows of its instant are still to come.
  return source === 'a' ? sql`${at} <= ${instant}` : sql`${at} < ${instant}`;
}

interface Row extends Record<string, unknown> {
  source: 'a' | 'c';
  id: string;
  micros: string;
  at: string | Date;
  actor_login: string | null;
  actor_name: string | null;
  address: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  last4: string | null;
  holder: string | null;
}

/**
 * Cards of the company named by the filter (four digits of the card or its 2ª via, or the holder's CPF), and their
 * accounts: a card's trail is its card events and the audit rows about its account (bulk rows, CPF reveals).
 */
async function cardsNamed(
  db: Db,
  companyId: number,
  card: string,
): Promise<{ cardIds: string[]; accountIds: string[] }> {
  const named =
    card.length === 4 ? or(eq(cards.last4, card), eq(cards.last4TwoWay, card)) : eq(accounts.documentNumber, card);
  const rows = await db
    .select({ id: cards.id, accountId: cards.accountId })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(and(eq(accounts.companyId, companyId), named));
  return { cardIds: rows.map((r) => r.id), accountIds: [...new Set(rows.map((r) => r.accountId))] };
}

/** One page of the trail, and the cursor of the next. */
export async function auditPage(
  db: Db,
  companyId: number,
  period: AuditPeriod,
  filters: AuditFilters,
): Promise<{ events: AuditEvent[]; next: string | null }> {
  const limit = filters.limit ?? AUDIT_PAGE_SIZE;
  const take = limit + 1;
  const cursor = cursorOf(filters.cursor);
  const operator = filters.operator?.toLowerCase();
  const named = filters.card ? await cardsNamed(db, companyId, filters.card) : null;
  if (named && named.cardIds.length === 0) return { events: [], next: null };
  const cardIds = named?.cardIds ?? null;

  const common = (alias: string) => {
    const col = (name: string) => sql.raw(`${alias}.${name}`);
    return sql.join(
      [
        sql`${col('at')} >= ${period.start.toISOString()}::timestamptz`,
        sql`${col('at')} < ${period.end.toISOString()}::timestamptz`,
        operator ? sql`${col('actor_login')} = ${operator}` : sql`true`,
        filters.action ? sql`${col('action')} = ${filters.action}` : sql`true`,
      ],
      sql` and `,
    );
  };
  const select = (alias: string, source: 'a' | 'c') => {
    const col = (name: string) => sql.raw(`${alias}.${name}`);
    return sql`${source}::text as source, ${col('id')}::text as id,
      (extract(epoch from ${col('at')}) * 1000000)::bigint::text as micros, ${col('at')} as at,
      ${col('actor_login')} as actor_login, ${col('actor_name')} as actor_name, ${col('address')} as address,
      ${col('action')} as action, ${col('before')} as before, ${col('after')} as after`;
  };
  const order = (alias: string) => sql.raw(`order by ${alias}.at desc, ${alias}.id desc limit ${take}`);

  const branches: SQL[] = [];
  if (!cardIds) {
    branches.push(sql`(select ${select('l', 'a')}, l.target as target, null::text as last4, null::text as holder
      from audit_log l
      where l.company_id = ${companyId} and ${common('l')} and ${after(cursor, 'a', sql`l.at`, sql`l.id`)}
      ${order('l')})`);
    // Rows about no company, of the company's operators: each operator's newest through its own index, then merged.
    branches.push(sql`(select u.* from user_companies uc cross join lateral (
        select ${select('l', 'a')}, l.target as target, null::text as last4, null::text as holder
        from audit_log l
        where l.company_id is null and l.actor_user_id = uc.user_id
          and ${common('l')} and ${after(cursor, 'a', sql`l.at`, sql`l.id`)}
        ${order('l')}) u
      where uc.company_id = ${companyId}
      order by u.at desc, u.id::bigint desc limit ${take})`);
  } else if (named) {
    // The audit rows about the cards' accounts, as accountOf reads them: the target, or the accountId recorded.
    const targets = named.accountIds.map((id) => `account:${id}`);
    branches.push(sql`(select ${select('l', 'a')}, l.target as target, null::text as last4, null::text as holder
      from audit_log l
      where l.company_id = ${companyId}
        and (l.target in (${sql.join(
          targets.map((t) => sql`${t}`),
          sql`, `,
        )}) or l.after->>'accountId' in (${sql.join(
          named.accountIds.map((id) => sql`${id}`),
          sql`, `,
        )}))
        and ${common('l')} and ${after(cursor, 'a', sql`l.at`, sql`l.id`)}
      ${order('l')})`);
  }
  const byCard = cardIds
    ? sql`e.card_id in (${sql.join(
        cardIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`true`;
  branches.push(sql`(select ${select('e', 'c')}, null::text as target, c.last4::text as last4,
      a.holder_name::text as holder
    from card_events e join cards c on c.id = e.card_id join accounts a on a.id = c.account_id
    where e.company_id = ${companyId} and ${byCard} and ${common('e')} and ${after(cursor, 'c', sql`e.at`, sql`e.id`)}
    ${order('e')})`);

  const query = sql`select * from (${sql.join(branches, sql` union all `)}) t
    order by t.at desc, t.source desc, t.id::bigint desc limit ${take}`;
  const rows = ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? `${last.micros}~${last.source}~${last.id}` : null;
  const cardsOfAccounts = await accountTargets(db, companyId, page);
  return { events: page.map((r) => eventOf(r, cardsOfAccounts)), next };
}

/** The account an audit row is about (bulk rows, accepted proposals), to show it as its card. */
function accountOf(row: Row): string | null {
  if (row.source !== 'a') return null;
  if (row.target?.startsWith('account:')) return row.target.slice('account:'.length);
  const after = row.after as { accountId?: unknown } | null;
  return typeof after?.accountId === 'string' ? after.accountId : null;
}

async function accountTargets(db: Db, companyId: number, rows: Row[]) {
  const ids = [...new Set(rows.map(accountOf).filter((id): id is string => id !== null && /^[0-9a-f-]{36}$/.test(id)))];
  if (ids.length === 0) return new Map<string, { last4: string; holder: string }>();
  const found = await db
    .select({ id: accounts.id, last4: cards.last4, holder: accounts.holderName })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardType, 'TITULAR')))
    .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, ids)));
  return new Map(found.map((f) => [f.id, { last4: f.last4, holder: f.holder }]));
}

/** Fields that name records rather than say what changed: kept in the row, not shown. */
const HIDDEN = new Set(['id', 'companyId', 'companyIds', 'accountId', 'idempotencyKey', 'proposalId']);

const text = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields whose value differs between before and after, in the order the record names them. */
export function changesOf(before: unknown, after: unknown): AuditChange[] {
  const b = objectOf(before);
  const a = objectOf(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !HIDDEN.has(f));
  return fields
    .map((field) => ({ field, before: text(b[field]), after: text(a[field]) }))
    .filter((c) => c.before !== c.after);
}

function eventOf(row: Row, accountsById: Map<string, { last4: string; holder: string }>): AuditEvent {
  const account = accountOf(row);
  const card = account ? accountsById.get(account) : undefined;
  return {
    id: `${row.source}-${row.id}`,
    at: new Date(row.at).toISOString(),
    source: row.source === 'a' ? 'audit' : 'card',
    actorLogin: row.actor_login,
    actorName: row.actor_name,
    address: row.address,
    action: row.action,
    target: {
      last4: row.last4 ?? card?.last4 ?? null,
      holder: row.holder ?? card?.holder ?? null,
      text: row.source === 'a' && !card ? row.target : null,
    },
    changes: changesOf(row.before, row.after),
  };
}
