// Least privilege in the database (issue 29, decision 127): `npm run db:roles` gives the deployment an owner that
// runs the migrations, a provider that may only add to the audit trail, and a BFF that sees only its own schema —
// refused by PostgreSQL itself, not by the application. Each run names its roles apart (roles belong to the whole
// server), so parallel runs do not meet. Roles exist only on PostgreSQL: on PGlite the command says so.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBff } from '../bff/app.ts';
import { ensureBffSchema } from '../bff/store/schema.ts';
import { TestClient } from '../bff/test/client.ts';
import { type ProviderDouble, startProviderDouble } from '../bff/test/provider-double.ts';
import { testConfig } from '../platform/config.ts';
import { type DatabaseHandle, openDatabase } from '../platform/database.ts';
import type { FreshDatabase } from '../platform/test-database.ts';
import { buildProvider } from '../provider/app.ts';
import { testAuditKeys } from '../provider/audit/test-keys.ts';
import { migrateAndAdopt } from '../provider/bootstrap.ts';
import { createDb } from '../provider/db/client.ts';
import { buildCompany, buildUser } from '../provider/test/builders/index.ts';
import { migratedDatabase } from '../provider/test/harness.ts';
import { dbRolesCommand } from './db-roles-command.ts';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
};

describe('npm run db:roles without PostgreSQL', () => {
  it('refuses with the reason: the PGlite demo is one process and has no roles', async () => {
    const c = capture();
    expect(await dbRolesCommand([], { env: {}, io: c.io })).toBe(1);
    expect(c.err.join('\n')).toContain('papéis do banco existem só no PostgreSQL');
  });
});

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  describe('npm run db:roles on PostgreSQL', () => {
    const run = randomBytes(4).toString('hex');
    const roles = { owner: `fidis_t${run}_owner`, provider: `fidis_t${run}_provider`, bff: `fidis_t${run}_bff` };
    const env = { DB_OWNER_ROLE: roles.owner, DB_PROVIDER_ROLE: roles.provider, DB_BFF_ROLE: roles.bff };
    let fresh: FreshDatabase;
    let url: string;
    const opened: DatabaseHandle[] = [];
    const apps: FastifyInstance[] = [];
    let double: ProviderDouble;

    const as = async (role: string) => {
      const u = new URL(url);
      u.username = role;
      const handle = await openDatabase({ databaseUrl: u.toString() });
      opened.push(handle);
      return handle;
    };
    const refusal = (handle: DatabaseHandle, statement: string) =>
      handle.sql.query(statement).then(
        () => 'accepted',
        (err: { code?: string }) => err.code,
      );

    beforeAll(async () => {
      // Built by the server's administrator, as a deployment before decision 127 was: the command takes it over.
      fresh = await migratedDatabase();
      url = (fresh.handle.client as pg.Pool).options.connectionString as string;
      // …with the BFF's tables beside the provider's in public, as every deployment had them.
      await ensureBffSchema(fresh.handle.sql);
      await fresh.handle.sql.query("insert into bff_secrets (name, value) values ('antes', 'guardado')");
      const c = capture();
      expect(await dbRolesCommand([], { env: { DATABASE_URL: url, ...env }, io: c.io }), c.err.join('\n')).toBe(0);
      expect(c.out.filter((l) => l.includes('criado'))).toHaveLength(3);
      double = await startProviderDouble();
    });

    afterAll(async () => {
      for (const app of apps) await app.close();
      await double?.close();
      for (const h of opened) await h.close().catch(() => undefined);
      await fresh.dispose();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      for (const role of Object.values(roles)) await admin.query(`drop role if exists ${role}`);
      await admin.end();
    });

    it('moves the BFF’s tables, rows and all, from public into its own schema', async () => {
      const { rows } = await fresh.handle.sql.query<{ moved: string | null; left: string | null; value: string }>(
        `select to_regclass('bff.bff_secrets')::text as moved, to_regclass('public.bff_secrets')::text as left,
                (select value from bff.bff_secrets where name = 'antes') as value`,
      );
      expect(rows[0]).toEqual({ moved: 'bff.bff_secrets', left: null, value: 'guardado' });
    });

    it('is idempotent: a second run changes nothing it need not and prints no new password', async () => {
      const c = capture();
      expect(await dbRolesCommand([], { env: { DATABASE_URL: url, ...env }, io: c.io }), c.err.join('\n')).toBe(0);
      expect(c.out.join('\n')).not.toContain('criado');
    });

    it('the provider’s role may not UPDATE, DELETE or TRUNCATE the audit trail, the card events or the chain', async () => {
      const provider = await as(roles.provider);
      for (const [table, column] of [
        ['audit_log', 'action'],
        ['card_events', 'action'],
        ['audit_chain', 'mac'],
      ]) {
        expect(await refusal(provider, `update ${table} set ${column} = ${column}`), table).toBe('42501');
        expect(await refusal(provider, `delete from ${table}`), table).toBe('42501');
        expect(await refusal(provider, `truncate ${table}`), table).toBe('42501');
      }
      // Nor the guards that keep them append-only.
      expect(await refusal(provider, 'alter table audit_log disable trigger all')).toBe('42501');
      expect(await refusal(provider, 'drop table card_events')).toBe('42501');
    });

    it('the BFF’s role reads and writes no table of the provider’s', async () => {
      const bff = await as(roles.bff);
      expect(await refusal(bff, 'select * from public.portal_users')).toBe('42501');
      expect(await refusal(bff, 'select * from public.audit_log')).toBe('42501');
      expect(await refusal(bff, 'insert into public.companies (cnpj) values ($1)')).toBe('42501');
      // Its search path holds only its own schema: the provider's names do not even resolve.
      expect(await refusal(bff, 'select * from accounts')).toBe('42P01');
    });

    it('the provider starts, signs in, writes and reads the audit trail under its own role', async () => {
      const handle = await as(roles.provider);
      const config = testConfig();
      // Nothing pending: the start's migration step reads drizzle's record and leaves the schema alone.
      await migrateAndAdopt(handle, config);
      const exempt = new Set<string>();
      const t = { db: createDb(handle, testAuditKeys()), exemptFromSecondFactor: (l: string) => exempt.add(l) };
      const company = await buildCompany(t);
      const user = await buildUser(t, {
        password: 'SenhaDoPapel2024',
        companies: [{ company, profile: 'ADMINISTRADOR' }],
      });
      const app = buildProvider({ db: handle, config, secondFactorExempt: exempt, readsImmediately: true });
      apps.push(app);
      const login = await app.inject({
        method: 'POST',
        url: '/v0/portal/usuario/login',
        payload: { login: user.login, senha: 'SenhaDoPapel2024' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const headers = {
        authorization: `Bearer ${login.json().token}`,
        cnpj: company.cnpj,
        relationcode: company.relationCode,
      };
      const trail = await app.inject({ method: 'GET', url: '/v1/audit/events', headers });
      expect(trail.statusCode, trail.body).toBe(200);
      const { rows } = await fresh.handle.sql.query<{ n: string }>(
        `select count(*)::text as n from audit_log a join audit_chain c on c.source = 'a' and c.row_id = a.id
          where a.actor_login = $1 and a.action = 'audit.read'`,
        [user.login],
      );
      expect(rows[0]?.n).toBe('1');
    });

    it('the BFF starts, creates nothing, and keeps its keys and devices in its own schema under its own role', async () => {
      const handle = await as(roles.bff);
      const app = await buildBff({
        config: testConfig(),
        sql: handle.sql,
        upstreams: { prod: double.url, sandbox: double.url },
        logger: false,
      });
      apps.push(app);
      const client = new TestClient(app);
      expect((await client.register()).status).toBe(200);
      const { rows } = await fresh.handle.sql.query<{ n: string }>(
        'select count(*)::text as n from bff.bff_device_sessions where device_id = $1',
        [client.deviceId],
      );
      expect(rows[0]?.n).toBe('1');
    });
  });
}
