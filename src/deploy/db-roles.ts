// `npm run db:roles` (decision 127): the database's three roles and what each may do, on PostgreSQL. The owner holds
// the schema and runs the migrations; the provider reads and writes the business tables but may only add to the audit
// trail; the BFF has a schema of its own and sees nothing of the provider's. Idempotent: run again after each upgrade.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureBffSchema } from '../bff/store/schema.ts';
import type { SqlRunner } from '../platform/database.ts';
import { openDatabase } from '../platform/database.ts';
import { migrate } from '../provider/db/migrate.ts';

export interface RoleNames {
  owner: string;
  provider: string;
  bff: string;
}

export const DEFAULT_ROLES: RoleNames = { owner: 'fidis_owner', provider: 'fidis_provider', bff: 'fidis_bff' };
/** The tables the provider may only add to: the trail, the card events and the chain that links them (decision 125). */
export const APPEND_ONLY_TABLES = ['audit_log', 'card_events', 'audit_chain'] as const;
export const BFF_SCHEMA = 'bff';
/** The schemas the provider's migrations write: the tables, and drizzle's record of what was applied. */
const OWNED_SCHEMAS = ['public', 'drizzle', BFF_SCHEMA];

export interface RolesResult {
  /** Roles created by this run, with the password each was given (generated when none was handed in). */
  created: Array<{ role: string; password: string }>;
}

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export class RolesError extends Error {}

/**
 * `adminUrl`: a connection to the deployment's database as a role that may create roles and own objects (the
 * server's administrator). `passwords`: set on the roles (new or not); a new role without one gets a random one.
 */
export async function ensureDatabaseRoles(
  adminUrl: string,
  roles: RoleNames = DEFAULT_ROLES,
  passwords: Partial<RoleNames> = {},
): Promise<RolesResult> {
  for (const name of Object.values(roles)) {
    if (!ROLE_NAME.test(name)) throw new RolesError(`nome de papel inválido: ${name} (letras minúsculas, dígitos, _)`);
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const created: RolesResult['created'] = [];
  try {
    const q = (text: string, params: unknown[] = []) => client.query(text, params);
    // Identifiers and literals quoted by the server itself (format %I / %L), never by string pasting.
    const run = async (template: string, ...args: string[]) => {
      const { rows } = await q(`select format($1, ${args.map((_, i) => `$${i + 2}::text`).join(', ')}) as s`, [
        template,
        ...args,
      ]);
      await q(rows[0].s as string);
    };
    const database = (await q('select current_database() as d')).rows[0].d as string;
    const superuser = (await q('select rolsuper from pg_roles where rolname = current_user')).rows[0].rolsuper;

    for (const kind of ['owner', 'provider', 'bff'] as const) {
      const role = roles[kind];
      const exists = (await q('select 1 from pg_roles where rolname = $1', [role])).rowCount === 1;
      const given = passwords[kind];
      if (!exists) {
        const password = given ?? randomBytes(24).toString('base64url');
        await run('create role %I login password %L', role, password);
        created.push({ role, password });
      } else if (given) {
        await run('alter role %I login password %L', role, given);
      }
    }
    // A managed server's administrator is not a superuser: it must be a member to hand objects to the owner.
    if (!superuser) await run('grant %I to current_user', roles.owner);
    await run('grant connect, create, temporary on database %I to %I', database, roles.owner);
    await run('grant connect on database %I to %I, %I', database, roles.provider, roles.bff);

    for (const schema of OWNED_SCHEMAS) {
      await run('create schema if not exists %I authorization %I', schema, roles.owner);
      await run('alter schema %I owner to %I', schema, roles.owner);
      await run('revoke all on schema %I from public', schema);
    }
    await giveToOwner(q, run, roles.owner);
    await moveBffTables(q, run);

    const handle = await openDatabase({ databaseUrl: adminUrl });
    try {
      await migrate(handle, { asRole: roles.owner });
    } finally {
      await handle.close();
    }
    // The BFF's tables, created by the owner so that the BFF's role needs no right to create anything.
    await run('set role %I', roles.owner);
    await q(`set search_path to ${BFF_SCHEMA}`);
    await ensureBffSchema(client as unknown as SqlRunner);
    await q('reset role');
    await q('reset search_path');

    await grantProvider(run, roles);
    await run('grant usage on schema %I to %I', BFF_SCHEMA, roles.bff);
    await run('grant select, insert, update, delete on all tables in schema %I to %I', BFF_SCHEMA, roles.bff);
    await run(
      'alter default privileges for role %I in schema %I grant select, insert, update, delete on tables to %I',
      roles.owner,
      BFF_SCHEMA,
      roles.bff,
    );
    // Each role finds its own tables unqualified; the owner both (secrets:rotate re-seals the BFF's keys too).
    await run('alter role %I in database %I set search_path to public', roles.provider, database);
    await run('alter role %I in database %I set search_path to %I', roles.bff, database, BFF_SCHEMA);
    await run('alter role %I in database %I set search_path to public, %I', roles.owner, database, BFF_SCHEMA);
    return { created };
  } finally {
    await client.end();
  }
}

type Query = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
type Run = (template: string, ...args: string[]) => Promise<void>;

/** Whatever an earlier single-role deployment (or the administrator) created becomes the owner's. */
async function giveToOwner(q: Query, run: Run, owner: string): Promise<void> {
  const { rows: relations } = await q(
    `select n.nspname as schema, c.relname as name, c.relkind as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relowner <> (select oid from pg_roles where rolname = $2)
        and (c.relkind in ('r', 'p', 'v', 'm')
             or (c.relkind = 'S' and not exists (select 1 from pg_depend d
                   where d.objid = c.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i'))))`,
    [OWNED_SCHEMAS, owner],
  );
  const verb = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence' } as const;
  for (const r of relations) {
    await run(`alter ${verb[r.kind as keyof typeof verb]} %I.%I owner to %I`, r.schema, r.name, owner);
  }
  const { rows: functions } = await q(
    `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.proowner <> (select oid from pg_roles where rolname = $2)`,
    [OWNED_SCHEMAS, owner],
  );
  // regprocedure's text is already a quoted, schema-qualified signature.
  for (const f of functions) await run(`alter function ${f.signature} owner to %I`, owner);
}

/** Before decision 127 the BFF's tables lived in public, beside the provider's: they move to the BFF's schema. */
async function moveBffTables(q: Query, run: Run): Promise<void> {
  const { rows } = await q(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'bff\\_%'
        and to_regclass(format('%I.%I', $1::text, c.relname)) is null`,
    [BFF_SCHEMA],
  );
  for (const r of rows) await run('alter table public.%I set schema %I', r.name, BFF_SCHEMA);
}

async function grantProvider(run: Run, roles: RoleNames): Promise<void> {
  await run('grant usage on schema public to %I', roles.provider);
  await run('grant usage on schema drizzle to %I', roles.provider);
  await run('grant select on all tables in schema drizzle to %I', roles.provider);
  await run('grant select, insert, update, delete on all tables in schema public to %I', roles.provider);
  await run('grant usage, select on all sequences in schema public to %I', roles.provider);
  for (const table of APPEND_ONLY_TABLES) {
    await run('revoke update, delete, truncate on table public.%I from %I', table, roles.provider);
  }
  await run(
    'alter default privileges for role %I in schema public grant select, insert, update, delete on tables to %I',
    roles.owner,
    roles.provider,
  );
  await run(
    'alter default privileges for role %I in schema public grant usage, select on sequences to %I',
    roles.owner,
    roles.provider,
  );
}
