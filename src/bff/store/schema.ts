// The BFF's own tables, created by the BFF at start (plain SQL, idempotent). It owns device sessions and its
// keys only; no business data lives here. On a PostgreSQL set up by `npm run db:roles` (decision 127) they live in
// the BFF's own schema, created there by the owner, and the BFF's role, which may create nothing, only finds them.
import type { SqlRunner } from '../../platform/database.ts';

const DDL: ReadonlyArray<readonly [table: string, statement: string]> = [
  [
    'bff_keys',
    `create table if not exists bff_keys (
     id text primary key,
     public_spki text not null,
     private_pkcs8 text not null,
     modulus_bits integer not null,
     created_at timestamptz not null default now()
   )`,
  ],
  [
    'bff_secrets',
    `create table if not exists bff_secrets (
     name text primary key,
     value text not null,
     created_at timestamptz not null default now()
   )`,
  ],
  [
    'bff_device_sessions',
    `create table if not exists bff_device_sessions (
     device_id uuid primary key,
     fid text not null,
     session_id text not null,
     cipher_aes text not null,
     token_aes text not null,
     device_name text not null,
     ip text not null,
     created_at timestamptz not null default now(),
     last_seen_at timestamptz not null default now()
   )`,
  ],
];

/** Creates the tables when missing. Two instances starting together may race on the catalogue: retry once. */
export async function ensureBffSchema(sql: SqlRunner): Promise<void> {
  for (const [table, statement] of DDL) {
    // CREATE … IF NOT EXISTS still asks for the right to create, which the BFF's own role does not have.
    const { rows } = await sql.query<{ found: string | null }>('select to_regclass($1)::text as found', [table]);
    if (rows[0]?.found) continue;
    try {
      await sql.query(statement);
    } catch {
      await sql.query(statement);
    }
  }
}
