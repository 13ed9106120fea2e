// What operators sent in whole: card requests (proposals) and the applied rows of bulk changes.
import { char, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './schema-cards.ts';
import { actorSnapshot, instant } from './schema-columns.ts';
import { companies, portalUsers } from './schema-users.ts';

/** Card requests (credit proposals); the payload is kept as sent, the account it created is linked. */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    documentNumber: char('document_number', { length: 11 }).notNull(),
    logo: smallint('logo').notNull(),
    payload: jsonb('payload').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    actorUserId: uuid('actor_user_id').references(() => portalUsers.id, { onDelete: 'set null' }),
    ...actorSnapshot(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('proposals_company_document').on(t.companyId, t.documentNumber)],
);

/**
 * One applied row of a bulk change (issue 18): its idempotency key is derived from the row's content and kind, so
 * the same file uploaded twice applies each row once; the outcome is what the result file repeats.
 */
export const bulkRows = pgTable(
  'bulk_rows',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** APLICADA or RECUSADA, and the pt-BR reason of a refusal. */
    outcome: varchar('outcome', { length: 12 }).notNull(),
    reason: text('reason'),
    actorUserId: uuid('actor_user_id').references(() => portalUsers.id, { onDelete: 'set null' }),
    ...actorSnapshot(),
    appliedAt: instant('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.idempotencyKey] })],
);
