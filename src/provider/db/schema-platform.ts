// The platform's own records: the development mailbox, the shared secrets and the CEP answers.
import { bigint, char, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { instant } from './schema-columns.ts';

/** The development mailbox: without SMTP, every e-mail lands here. */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: varchar('to', { length: 120 }).notNull(),
  subject: varchar('subject', { length: 200 }).notNull(),
  body: text('body').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** Secrets every provider instance must share (the JWT signing key): created once, then only read. */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Postal-code answers of the external CEP service, so a lookup is paid once. */
export const cepCache = pgTable('cep_cache', {
  cep: char('cep', { length: 8 }).primaryKey(),
  payload: jsonb('payload').notNull(),
  fetchedAt: instant('fetched_at').notNull(),
});
