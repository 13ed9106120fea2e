import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../platform/config.ts';
import { buildProvider } from './app.ts';
import { prepareProviderData } from './bootstrap.ts';
import { createDb } from './db/client.ts';
import { outbox } from './db/schema.ts';
import { TEAM } from './db/seed.ts';
import { freshDatabase } from './test/harness.ts';

const log = { info: () => undefined, warn: () => undefined };
const mailOf = (login: string) => `${login}@exemplo.com.br`;

describe('prepareProviderData', () => {
  it('mails each seeded newcomer a temporary password that leads to first access, once', async () => {
    const { handle, drop } = await freshDatabase();
    const config = testConfig({ DEMO_LOGIN: 'demo' });
    const app = buildProvider({ db: handle, config });
    try {
      const first = await prepareProviderData(handle, config, { demoPassword: 'Primeira-senha-2026', log });
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
      expect(second.created).toBe(false);
      const [after] = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
      expect(after?.id).toBe(before?.id);
      expect((await login('demo', 'Segunda-senha-2026')).statusCode).toBe(200);
      expect((await login('demo', 'Primeira-senha-2026')).statusCode).toBe(401);
    } finally {
      await app.close();
      await handle.close();
      await drop();
    }
  });
});
