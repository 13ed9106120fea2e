// Spending controls (issue 30): one row per card with controls of its own, and one per company (card_id null) for
// the default every other card of the company follows. A card with neither may spend as its limit allows.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MccGroup } from '../../contracts/spending-controls.ts';
import { cards } from './schema-cards.ts';
import { companies } from './schema-users.ts';

export const spendingControls = pgTable(
  'spending_controls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    cardId: uuid('card_id').references(() => cards.id),
    blockedGroups: jsonb('blocked_groups').$type<MccGroup[]>().notNull().default(sql`'[]'::jsonb`),
    international: boolean('international').notNull(),
    online: boolean('online').notNull(),
    cashWithdrawal: boolean('cash_withdrawal').notNull(),
    maxPerPurchase: numeric('max_per_purchase', { precision: 15, scale: 2 }),
    dailyLimit: numeric('daily_limit', { precision: 15, scale: 2 }),
    monthlyLimit: numeric('monthly_limit', { precision: 15, scale: 2 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spending_controls_card').on(t.cardId).where(sql`${t.cardId} is not null`),
    uniqueIndex('spending_controls_company_default').on(t.companyId).where(sql`${t.cardId} is null`),
    index('spending_controls_company').on(t.companyId),
  ],
);

/**
 * A virtual card (issue 30): the card row itself is in `cards` (card_type VIRTUAL, its last four digits, its expiry);
 * this row holds what only a virtual card has. `sealed` is the number and CVV sealed under the master key (the
 * label names the table and row), never stored or logged in the clear.
 */
export const virtualCards = pgTable('virtual_cards', {
  cardId: uuid('card_id')
    .primaryKey()
    .references(() => cards.id),
  label: varchar('label', { length: 40 }).notNull(),
  /** RECORRENTE or UMA_COMPRA (closed after its first approved purchase). */
  kind: varchar('kind', { length: 12 }).notNull(),
  limitAmount: numeric('limit_amount', { precision: 15, scale: 2 }).notNull(),
  sealed: text('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  /** When a one-purchase card made its purchase. */
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});
