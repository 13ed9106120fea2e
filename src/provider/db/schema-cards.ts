// The card accounts of a company, their cards and the occurrences registered on them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { NAME_KEY_FROM, NAME_KEY_TO } from '../../contracts/card-search-term.ts';
import { actorSnapshot, instant } from './schema-columns.ts';
import { companies, portalUsers } from './schema-users.ts';

/** A SQL string literal (the generated column's expression is DDL: no parameters there). */
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

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
    // The name search's words: every start of every word of name_key, one entry each (name_key_prefixes, created
    // by migration 0021), so a search word is looked up whole and the rarest word drives the read.
    index('accounts_name_prefixes').using('gin', sql`name_key_prefixes(${t.nameKey})`),
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
