// Who did what: the audit log, every change of a card's state, and the keyed chain that seals both.
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { cards } from './schema-cards.ts';
import { actorSnapshot, instant } from './schema-columns.ts';
import { companies, portalUsers } from './schema-users.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: uuid('actor_user_id').references(() => portalUsers.id, { onDelete: 'set null' }),
    ...actorSnapshot(),
    at: instant('at').notNull(),
    action: varchar('action', { length: 60 }).notNull(),
    target: varchar('target', { length: 120 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The company the action concerned; null when it concerned none (a sign-in, a recovery). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The client's address as the provider saw it (the BFF forwards the browser's); null for commands and jobs. */
    address: varchar('address', { length: 45 }),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_company_at').on(t.companyId, t.at),
    // The audit trail screen (decision 089): a company's rows newest first, keyset on (at, id); and the rows about
    // no company (sign-ins, lockouts) of its users, by actor.
    index('audit_log_company_at_id').on(t.companyId, t.at, t.id),
    // …filtered by operator or by action: the rows that match, newest first, without walking the others.
    index('audit_log_company_login_at_id').on(t.companyId, t.actorLogin, t.at, t.id),
    index('audit_log_company_action_at_id').on(t.companyId, t.action, t.at, t.id),
    index('audit_log_actor_at_id').on(t.actorUserId, t.at, t.id).where(sql`${t.companyId} is null`),
  ],
);

/** Every change of a card's state: who, when, what, and the values before and after. */
export const cardEvents = pgTable(
  'card_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    actorUserId: uuid('actor_user_id').references(() => portalUsers.id, { onDelete: 'set null' }),
    ...actorSnapshot(),
    at: instant('at').notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The client's address as the provider saw it, as in audit_log; null for rows from before it was kept. */
    address: varchar('address', { length: 45 }),
    /**
     * The card's company when the event was written (the audit trail screen reads a company's events by it, decision
     * 089); filled by the writers, and for older rows by migration 0013's backfill.
     */
    companyId: integer('company_id').references(() => companies.id),
  },
  (t) => [
    index('card_events_card').on(t.cardId, t.at),
    index('card_events_company_at_id').on(t.companyId, t.at, t.id),
    index('card_events_company_login_at_id').on(t.companyId, t.actorLogin, t.at, t.id),
    index('card_events_company_action_at_id').on(t.companyId, t.action, t.at, t.id),
  ],
);

/**
 * The audit chain (decision 125): every audit_log row and every card event of a company, one link each, in the order
 * they were written. Each link's MAC (HMAC-SHA256 under a key derived from the master key, never stored) covers the
 * chain, its number, the previous link's MAC and the row's content, so no one holding only the database can edit,
 * remove, reorder or re-link a row unseen. Written by the code in the row's own transaction (audit/append.ts).
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    /** The company's id; 0 for the rows about no company (sign-ins, recoveries). */
    chain: integer('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** a: audit_log, c: card_events (the trail's own letters). */
    source: char('source', { length: 1 }).notNull(),
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    mac: char('mac', { length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chain, t.seq] }),
    uniqueIndex('audit_chain_row').on(t.source, t.rowId),
    check('audit_chain_source', sql`${t.source} in ('a', 'c')`),
  ],
);

/** The rows written before the keyed chain, up to which id, linked once by the first start with the key (adopt.ts). */
export const auditChainLegacy = pgTable('audit_chain_legacy', {
  source: char('source', { length: 1 }).primaryKey(),
  uptoId: bigint('upto_id', { mode: 'number' }).notNull(),
});
