// Second factor (decision 091): each operator's TOTP secret, its recovery codes and the browsers they signed in from.
import { bigint, char, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './schema-columns.ts';
import { portalUsers } from './schema-users.ts';

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
