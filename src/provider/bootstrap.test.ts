import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../platform/config.ts';
import { buildProvider } from './app.ts';
import { prepareProviderData } from './bootstrap.ts';
import { createDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { auditLog, companies, outbox, portalUsers } from './db/schema.ts';
import { seedDemo, TEAM } from './db/seed/seed.ts';
import { freshDatabase } from './test/harness.ts';

const log = { info: () => undefined, warn: () => undefined };
const mailOf = (login: string) => `${login}@example.com`;

describe('prepareProviderData', () => {
  it('mails each seeded newcomer a temporary password that leads to first access, once', async () => {
    const { handle, drop } = await freshDatabase();
    const config = testConfig({ DEMO_LOGIN: 'demo' });
    const app = buildProvider({ db: handle, config });
    try {
      const first = await prepareProviderData(handle, config, { demoPassword: 'Primeira-senha-2026', log });
      if (!first) throw new Error('the demo seeds');
      expect(first.created).toBe(true);
      const invited = TEAM.filter((m) => m.temporary).map((m) => m.login);
      expect(first.newcomers.map((n) => n.login)).toEqual(invited);

      const db = createDb(handle);
      const newcomer = first.newcomers[0]!;
      const mails = await db
        .select()
        .from(outbox)
        .where(eq(outbox.to, mailOf(newcomer.login)));
      expect(mails).toHaveLength(1);
      const password = /Senha temporária: (\S+)/.exec(mails[0]?.body ?? '')?.[1];
      expect(password).toBe(newcomer.temporaryPassword);

      const login = (l: string, senha: string) =>
        app.inject({ method: 'POST', url: '/v0/portal/usuario/login', payload: { login: l, senha } });
      const res = await login(newcomer.login, password ?? '');
      expect(res.statusCode).toBe(200);
      expect(res.json().primeiroAcesso).toBe(true);

      // A restart with another demo password seeds nothing new, mails nobody, and the new password works.
      const [before] = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
      const second = await prepareProviderData(handle, config, { demoPassword: 'Segunda-senha-2026', log });
      expect(second?.created).toBe(false);
      const [after] = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
      expect(after?.id).toBe(before?.id);
      expect((await login('demo', 'Segunda-senha-2026')).statusCode).toBe(200);
      expect((await login('demo', 'Primeira-senha-2026')).statusCode).toBe(401);
    } finally {
      await app.close();
      await handle.close();
      await drop();
    }
  }, 120_000);

  it('in production migrates and nothing else: no demo data, no mail, no user reset', async () => {
    const { handle, drop } = await freshDatabase();
    // Production's other checks (PostgreSQL, SMTP) belong to the configuration; this is the data step alone.
    const config = { ...testConfig(), FIDIS_MODE: 'production' as const };
    const db = createDb(handle);
    try {
      expect(await prepareProviderData(handle, config, { log })).toBeNull();
      expect(await db.select().from(companies)).toEqual([]);
      expect(await db.select().from(portalUsers)).toEqual([]);
      expect(await db.select().from(outbox)).toEqual([]);

      // A database that already has users (demo data, or a locked operator) is left exactly as it was.
      await seedDemo(handle, { accounts: 5, demoLogin: 'demo', demoPassword: 'Senha-antiga-2026' });
      await db.update(portalUsers).set({ failedLogins: 10, lockedUntil: new Date('2099-01-01T00:00:00Z') });
      const users = await db.select().from(portalUsers).orderBy(portalUsers.login);
      const mails = await db.select().from(outbox);
      const audits = await db.select().from(auditLog);
      expect(await prepareProviderData(handle, config, { log })).toBeNull();
      expect(await db.select().from(portalUsers).orderBy(portalUsers.login)).toEqual(users);
      expect(await db.select().from(outbox)).toEqual(mails);
      expect(await db.select().from(auditLog)).toEqual(audits);
    } finally {
      await handle.close();
      await drop();
    }
  });

  it('in production refuses a demo password handed to it, and the demo refuses to run without one', async () => {
    const { handle, drop } = await freshDatabase();
    try {
      await migrate(handle);
      const production = { ...testConfig(), FIDIS_MODE: 'production' as const };
      await expect(prepareProviderData(handle, production, { demoPassword: 'Senha-demo-2026', log })).rejects.toThrow(
        /produção/,
      );
      await expect(prepareProviderData(handle, testConfig(), { log })).rejects.toThrow(/DEMO_PASSWORD|demonstração/);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
