// The provider's database, one pg schema that runs unchanged on PGlite and PostgreSQL.
// Migrations are generated from this file (`npm run db:generate`); never edit the SQL by hand.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

import { NAME_KEY_FROM, NAME_KEY_TO } from '../../contracts/card-search-term.ts';

/** A SQL string literal (the generated column's expression is DDL: no parameters there). */
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who acted, as they were when they acted: filled from portal_users by a trigger on insert (migration
 * 0003_actor_snapshot) and never touched again, so a record keeps naming a user after the user is deleted and
 * the foreign key goes null.
 */
const actorSnapshot = () => ({
  actorLogin: varchar('actor_login', { length: 60 }),
  actorName: varchar('actor_name', { length: 60 }),
});

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  cnpj: char('cnpj', { length: 14 }).notNull().unique(),
  corporateName: varchar('corporate_name', { length: 120 }).notNull(),
  relationCode: varchar('relation_code', { length: 20 }).notNull(),
  /** Kept by every write that adds an account, so a page never pays for COUNT(*) over a million rows. */
  totalSubAccounts: integer('total_sub_accounts').notNull().default(0),
  /** The relationship's total credit: the sum of its accounts' limits may not pass it (proposal code 38). */
  relationshipLimit: numeric('relationship_limit', { precision: 15, scale: 2 }).notNull().default('0'),
  /** Second factor (decision 091): every profile of the company must enrol one, not only its Administradores. */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const portalUsers = pgTable(
  'portal_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    login: varchar('login', { length: 60 }).notNull().unique(),
    document: char('document', { length: 11 }).notNull().unique(),
    name: varchar('name', { length: 60 }).notNull(),
    email: varchar('email', { length: 60 }).notNull(),
    ddi: smallint('ddi').notNull(),
    ddd: smallint('ddd').notNull(),
    mobile: bigint('mobile', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 7 }).notNull().default('ATIVO'),
    /** `scrypt$N$r$p$salt$hash`, see services/passwords.ts. */
    passwordHash: text('password_hash').notNull(),
    /** Set for a temporary password: the first sign-in must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** When the temporary password stops signing in (72 h after it was issued, decision 058); null otherwise. */
    temporaryPasswordExpiresAt: instant('temporary_password_expires_at'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: instant('locked_until'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('portal_users_login_lower', sql`${t.login} = lower(${t.login})`),
    check('portal_users_document_digits', sql`${t.document} ~ '^[0-9]{11}$'`),
    check('portal_users_status', sql`${t.status} in ('ATIVO', 'INATIVO')`),
  ],
);

export const userCompanies = pgTable(
  'user_companies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The user's profile in this company (contracts/profiles.ts); users from before profiles are administrators. */
    profile: varchar('profile', { length: 20 }).notNull().default('ADMINISTRADOR'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('user_companies_company').on(t.companyId),
    check('user_companies_profile', sql`${t.profile} in ('ADMINISTRADOR', 'GESTOR_CARTOES', 'CONSULTA')`),
  ],
);

export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** Second factor (decision 091): the password was right, the code is still due; only the code steps may run. */
    factorPending: boolean('factor_pending').notNull().default(false),
    /** The last time the operator proved who they are (sign-in or step-up); step-up asks again after 5 minutes. */
    checkedAt: instant('checked_at'),
  },
  (t) => [index('user_sessions_user').on(t.userId)],
);

/** Second factor (decision 091): one TOTP secret per user, sealed under the master key; live once confirmed. */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => portalUsers.id, { onDelete: 'cascade' }),
  /** The base32 secret sealed by MasterKey (label `second_factors/<user id>`). */
  secretSealed: text('secret_sealed').notNull(),
  /** Null while the enrolment waits for its first code. */
  confirmedAt: instant('confirmed_at'),
  /** The TOTP time step of the last code accepted: a code of that step or an earlier one is a replay. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: instant('created_at').notNull(),
});

/** The 10 single-use recovery codes of a confirmed factor, stored as HMAC-SHA256 under the code key. */
export const secondFactorRecoveryCodes = pgTable(
  'second_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('second_factor_recovery_codes_user_hash').on(t.userId, t.codeHash)],
);

/** The browsers a user signed in from (the BFF's device id, hashed): a new one is told by e-mail (decision 091). */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    deviceHash: char('device_hash', { length: 64 }).notNull(),
    firstSeenAt: instant('first_seen_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: instant('used_at'),
  },
  (t) => [index('recovery_codes_user').on(t.userId, t.createdAt)],
);

/** The development mailbox: without SMTP, every e-mail lands here. */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: varchar('to', { length: 120 }).notNull(),
  subject: varchar('subject', { length: 200 }).notNull(),
  body: text('body').notNull(),
  createdAt: instant('created_at').notNull(),
});

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

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The keyset key of the account list (`startAccount`). */
    accountNumber: bigint('account_number', { mode: 'bigint' }).notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    mainAccount: char('main_account', { length: 1 }).notNull().default('N'),
    holderName: varchar('holder_name', { length: 40 }).notNull(),
    motherName: varchar('mother_name', { length: 30 }).notNull(),
    email: varchar('email', { length: 60 }).notNull(),
    phoneDdd: varchar('phone_ddd', { length: 3 }),
    phoneNumber: varchar('phone_number', { length: 10 }),
    cellDdd: varchar('cell_ddd', { length: 3 }).notNull(),
    cellPhone: varchar('cell_phone', { length: 10 }).notNull(),
    zipCode: char('zip_code', { length: 8 }).notNull(),
    address: varchar('address', { length: 40 }).notNull(),
    addressNumber: varchar('address_number', { length: 6 }).notNull(),
    addressComplement: varchar('address_complement', { length: 25 }),
    district: varchar('district', { length: 15 }).notNull(),
    city: varchar('city', { length: 30 }).notNull(),
    state: varchar('state', { length: 3 }).notNull(),
    gender: char('gender', { length: 1 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    documentNumber: char('document_number', { length: 11 }).notNull(),
    /**
     * The card's limit within the company relationship (what the limit screen's change sets). What is used is never
     * stored: it is the sum of the authorizations that hold the limit (services/limits.ts), and available = this − used.
     */
    creditLimit: numeric('credit_limit', { precision: 15, scale: 2 }).notNull(),
    /** NORMAL, CANCELADA, … as the card platform describes the account. */
    statusDescription: varchar('status_description', { length: 20 }).notNull().default('NORMAL'),
    /** 0 centralized, 1 decentralized, 2 mixed. */
    flagTypeBilling: smallint('flag_type_billing').notNull().default(0),
    accountBlockingCodeTwo: varchar('account_blocking_code_two', { length: 4 }),
    accountWarningCode: varchar('account_warning_code', { length: 4 }),
    /**
     * The holder's name as the card search reads it (issue 27, decision 115): a space, then the name in lower case
     * without accents, so "% sil%" finds every word that starts with "sil". Kept by the database itself, so no
     * writer can forget it; the search folds its words with the same table (contracts/card-search-term.ts).
     */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`' ' || lower(translate("holder_name", ${quoted(NAME_KEY_FROM)}, ${quoted(NAME_KEY_TO)}))`),
      ),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_company_number').on(t.companyId, t.accountNumber),
    index('accounts_company_document').on(t.companyId, t.documentNumber),
    // The name search's words, anywhere in the name (pg_trgm, created by migration 0019).
    index('accounts_name_key_trgm').using('gin', t.nameKey.op('gin_trgm_ops')),
    check('accounts_gender', sql`${t.gender} in ('M', 'F', 'O')`),
  ],
);

export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    last4: char('last4', { length: 4 }).notNull(),
    /** The last four digits of the second copy, once one was issued. */
    last4TwoWay: char('last4_2way', { length: 4 }),
    logo: smallint('logo').notNull(),
    org: char('org', { length: 3 }).notNull().default('090'),
    cardType: varchar('card_type', { length: 10 }).notNull().default('TITULAR'),
    status: varchar('status', { length: 10 }).notNull().default('Actived'),
    blockCode: varchar('block_code', { length: 4 }),
    /** N marks a permanently blocked card. */
    activeFlag: char('active_flag', { length: 1 }).notNull().default('S'),
    embossName: varchar('emboss_name', { length: 26 }).notNull(),
    /** indVisualDeficiency: S when the holder asked for a card for the visually impaired. */
    visualDeficiency: char('visual_deficiency', { length: 1 }).notNull().default('N'),
    /** Set after too many wrong PIN tries; the password unlock clears it. */
    passwordBlocked: boolean('password_blocked').notNull().default(false),
    /** The last day the plastic is valid (MM/AA on the card is this day's month); the lifecycle radar reads it. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull().default(sql`(current_date + interval '5 years')::date`),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One holder card per account: the account list joins it without a lateral subquery.
    uniqueIndex('cards_account_titular').on(t.accountId).where(sql`${t.cardType} = 'TITULAR'`),
    index('cards_account').on(t.accountId),
    // The search by the card's last four digits, its own or its 2ª via's (issue 27): a few rows per company per
    // ending, each joined to its account by primary key and kept only when the account is the company's.
    index('cards_last4_titular').on(t.last4, t.accountId).where(sql`${t.cardType} = 'TITULAR'`),
    index('cards_last4_2way_titular').on(t.last4TwoWay, t.accountId).where(sql`${t.cardType} = 'TITULAR'`),
    check('cards_status', sql`${t.status} in ('Actived', 'Blocked')`),
    check('cards_active_flag', sql`${t.activeFlag} in ('S', 'N')`),
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

/** Secrets every provider instance must share (the JWT signing key): created once, then only read. */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

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
    // The day and month limits sum one card's purchases since a moment.
    index('authorizations_card_time').on(t.cardId, t.tmsIncl).where(sql`${t.cardId} is not null`),
    // The used-amount sum reads only the open authorizations of one account.
    index('authorizations_account_open').on(t.accountId).where(sql`${t.settledAt} is null`),
  ],
);

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

/** Occurrences registered on a card (the second copy registers ISSUE_CARD_2_WAY). */
export const occurrences = pgTable(
  'occurrences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    modalityType: varchar('modality_type', { length: 40 }).notNull(),
    openingText: text('opening_text').notNull(),
    actorUserId: uuid('actor_user_id').references(() => portalUsers.id, { onDelete: 'set null' }),
    ...actorSnapshot(),
    at: instant('at').notNull(),
  },
  (t) => [index('occurrences_card').on(t.cardId, t.at)],
);

/** Postal-code answers of the external CEP service, so a lookup is paid once. */
export const cepCache = pgTable('cep_cache', {
  cep: char('cep', { length: 8 }).primaryKey(),
  payload: jsonb('payload').notNull(),
  fetchedAt: instant('fetched_at').notNull(),
});

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

export * from './schema-spending.ts';
