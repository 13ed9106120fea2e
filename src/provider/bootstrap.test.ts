import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../platform/config.ts';
import { buildProvider } from './app.ts';
import { prepareProviderData } from './bootstrap.ts';
import { createDb } from './db/client.ts';
import { outbox } from './db/schema.ts';
import { NEWCOMER_LOGIN } from './db/seed.ts';
import { freshDatabase } from './test/harness.ts';

const log = { info: () => undefined, warn: () => undefined };

describe('prepareProviderData', () => {
  it('mails the seeded newcomer a temporary password that leads to first access, once', async () => {
    const { handle, drop } = await freshDatabase();
    const config = testConfig({ DEMO_LOGIN: 'demo' });
    try {
      const first = await prepareProviderData(handle, config, { demoPassword: 'Primeira-senha-2026', log });
      expect(first.created).toBe(true);
      const db = createDb(handle);
      const mails = await db
        .select()
        .from(outbox)
        .where(eq(outbox.to, `${NEWCOMER_LOGIN}@exemplo.com.br`));
      expect(mails).toHaveLength(1);
      const password = /Senha temporária: (\S+)/.exec(mails[0]?.body ?? '')?.[1];
      expect(password).toBe(first.newcomer?.temporaryPassword);

      const app = buildProvider({ db: handle, config });
      const login = (l: string, senha: string) =>
        app.inject({ method: 'POST', url: '/v0/portal/usuario/login', payload: { login: l, senha } });
      const res = await login(NEWCOMER_LOGIN, password ?? '');
      expect(res.statusCode).toBe(200);
      expect(res.json().primeiroAcesso).toBe(true);

      // A restart with another demo password seeds nothing new, mails nobody, and the new password works.
      const second = await prepareProviderData(handle, config, { demoPassword: 'Segunda-senha-2026', log });
      expect(second.created).toBe(false);
      const [newest] = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
      expect(newest?.id).toBe(mails[0]?.id);
      expect((await login('demo', 'Segunda-senha-2026')).statusCode).toBe(200);
      expect((await login('demo', 'Primeira-senha-2026')).statusCode).toBe(401);
      await app.close();
    } finally {
      await handle.close();
      await drop();
    }
  });
});
