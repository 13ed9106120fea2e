// The audit trail screen (issue 16, decision 089): one list over a company's audit_log rows (its own, and the rows
// about no company — sign-ins, lockouts, password changes — of its operators) and its cards' card_events, newest
// first, keyset on (at, source, id). Each branch is read through its own index (company, at, id) with its own limit,
// so a page costs the same on the first day and at a million rows.
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEvent } from '../../contracts/audit.ts';
import type { Db } from '../db/client.ts';
import { accounts, cards } from '../db/schema.ts';
import { accountTargets, eventOf, type TrailRow } from './audit-events.ts';
import type { AuditPeriod } from './audit-period.ts';

export { changesOf } from './audit-events.ts';
export { type AuditPeriod, auditPeriod } from './audit-period.ts';

export interface AuditFilters {
  from?: string;
  to?: string;
  operator?: string;
  card?: string;
  action?: string;
  cursor?: string;
  limit?: number;
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
  const rows = ((await db.execute(query)) as unknown as { rows: TrailRow[] }).rows;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? `${last.micros}~${last.source}~${last.id}` : null;
  const cardsOfAccounts = await accountTargets(db, companyId, page);
  return { events: page.map((r) => eventOf(r, cardsOfAccounts)), next };
}
