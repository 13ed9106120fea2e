// Companies and the portal's operators: who they are, where they work, their sessions and password recovery.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant } from './schema-columns.ts';

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
