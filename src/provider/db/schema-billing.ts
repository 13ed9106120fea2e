// What the cards spent: the relationship's invoices and due dates, invoice transactions and authorizations.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, cards } from './schema-cards.ts';
import { instant } from './schema-columns.ts';
import { companies } from './schema-users.ts';

/** The relationship's billing cycle: one row per due date, whether or not an invoice closed on it. */
export const invoiceDueDates = pgTable(
  'invoice_due_dates',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dueDate] })],
);

/** A closed corporate invoice; a null value is one the platform did not report (shown as a dash). */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    totalInvoiceValue: numeric('total_invoice_value', { precision: 15, scale: 2 }),
    digitableLine: varchar('digitable_line', { length: 60 }),
    previousInvoiceValue: numeric('previous_invoice_value', { precision: 15, scale: 2 }),
    totalPaymentValue: numeric('total_payment_value', { precision: 15, scale: 2 }),
    bsPaymentMinNotParcel: numeric('bs_payment_min_not_parcel', { precision: 15, scale: 2 }),
    expenditureInternationalValue: numeric('expenditure_international_value', { precision: 15, scale: 2 }),
    totalDebitNationalValue: numeric('total_debit_national_value', { precision: 15, scale: 2 }),
    withdrawalCashLimitInternationalValue: numeric('withdrawal_cash_international_value', { precision: 15, scale: 2 }),
    withdrawalCashLimitNationalValue: numeric('withdrawal_cash_national_value', { precision: 15, scale: 2 }),
    financialBurdenValue: numeric('financial_burden_value', { precision: 15, scale: 2 }),
    paidNotIntegralValue: numeric('paid_not_integral_value', { precision: 15, scale: 2 }),
    /** Other debits, credits and fees, which the spec's entity does not name: see docs/decisions.md. */
    otherDebitsValue: numeric('other_debits_value', { precision: 15, scale: 2 }),
    otherCreditsValue: numeric('other_credits_value', { precision: 15, scale: 2 }),
    feesValue: numeric('fees_value', { precision: 15, scale: 2 }),
  },
  (t) => [uniqueIndex('invoices_company_due').on(t.companyId, t.dueDate)],
);

/** Transactions of an account's invoice (spec entity Transaction). */
export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    abbreviationGroup: varchar('abbreviation_group', { length: 4 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    description: varchar('description', { length: 60 }).notNull(),
    valueNational: numeric('value_national', { precision: 15, scale: 2 }).notNull().default('0'),
    valueInternational: numeric('value_international', { precision: 15, scale: 2 }).notNull().default('0'),
    numParcelOf: varchar('num_parcel_of', { length: 10 }),
  },
  (t) => [index('transactions_account_due').on(t.accountId, t.dueDate)],
);

/** Authorizations of a card (spec entity Authorization). */
export const authorizations = pgTable(
  'authorizations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    tmsIncl: instant('tms_incl').notNull(),
    numAuthorization: varchar('num_authorization', { length: 12 }).notNull(),
    establishmentName: varchar('establishment_name', { length: 60 }).notNull(),
    qtdParcel: smallint('qtd_parcel').notNull().default(1),
    coinCode: smallint('coin_code').notNull().default(986),
    mainValue: numeric('main_value', { precision: 15, scale: 2 }).notNull(),
    descResponseTransaction: varchar('desc_response_transaction', { length: 60 }).notNull(),
    /** NORMAL, NEGADA, ONLINE, CANCELADA, APROVADA or another platform value. */
    descDrop: varchar('desc_drop', { length: 20 }).notNull(),
    /** Empty for entries the history screen leaves out. */
    transactionType: varchar('transaction_type', { length: 20 }).notNull().default(''),
    /** What the authorization holds of the limit, in reais: a foreign purchase at the rate the platform recorded. */
    valueBrl: numeric('value_brl', { precision: 15, scale: 2 }).notNull(),
    /** Captured by the terminal offline and sent later (spec section 4's offline rule). */
    capturedOffline: boolean('captured_offline').notNull().default(false),
    passwordValidated: boolean('password_validated').notNull().default(true),
    /** When the invoice that carried it was paid: from then on it no longer holds the limit. */
    settledAt: instant('settled_at'),
    /** The card that bought; null for rows from before issue 30, which are the holder card's. */
    cardId: uuid('card_id').references(() => cards.id),
    /** Merchant category code (ISO 18245), the merchant's country (ISO 3166) and how it was bought (issue 30). */
    mcc: smallint('mcc'),
    merchantCountry: char('merchant_country', { length: 2 }),
    channel: varchar('channel', { length: 12 }),
    /** The network's id of the question: asked again, it gets the first answer (one hold of the limit). */
    networkRequestId: varchar('network_request_id', { length: 64 }).unique(),
    /** Why the authorization path declined it (contracts/spending-controls.ts DECLINE_CODES); null otherwise. */
    declineCode: varchar('decline_code', { length: 24 }),
  },
  (t) => [
    index('authorizations_account_time').on(t.accountId, t.tmsIncl),
    // The company's spend, newest first (walked backwards), keyset on (tms_incl, id) (issue 27, decision 118).
    index('authorizations_time').on(t.tmsIncl, t.id),
    // The day and month limits sum one card's purchases since a moment.
    index('authorizations_card_time').on(t.cardId, t.tmsIncl).where(sql`${t.cardId} is not null`),
    // The used-amount sum reads only the open authorizations of one account.
    index('authorizations_account_open').on(t.accountId).where(sql`${t.settledAt} is null`),
  ],
);
