// The audit trail's rows as the screen shows them: the card an audit row is about, and the fields that changed.
import { and, eq, inArray } from 'drizzle-orm';
import type { AuditChange, AuditEvent } from '../../contracts/audit.ts';
import type { Db } from '../db/client.ts';
import { accounts, cards } from '../db/schema.ts';

/** One row of the trail's union query: an audit_log row (a) or a card event (c), with the card it names. */
export interface TrailRow extends Record<string, unknown> {
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

/** The account an audit row is about (bulk rows, accepted proposals), to show it as its card. */
function accountOf(row: TrailRow): string | null {
  if (row.source !== 'a') return null;
  if (row.target?.startsWith('account:')) return row.target.slice('account:'.length);
  const after = row.after as { accountId?: unknown } | null;
  return typeof after?.accountId === 'string' ? after.accountId : null;
}

export async function accountTargets(db: Db, companyId: number, rows: TrailRow[]) {
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

export function eventOf(row: TrailRow, accountsById: Map<string, { last4: string; holder: string }>): AuditEvent {
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
