import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { auditLog, portalUsers } from '../db/schema.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const FIRST_ACCESS = '/v0/portal/usuario/primeiroacesso';
const NEW_PASSWORD = 'MinhaSenhaNova2024';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function signIn(login: string, senha: string) {
  const res = await h.app.inject({ method: 'POST', url: '/v0/portal/usuario/login', payload: { login, senha } });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; primeiroAcesso: boolean };
}

describe('first access', () => {
  it('takes a temporary-password user from primeiroAcesso to a working session', async () => {
    const user = await h.createUser({ temporary: true });
    const first = await signIn(user.login, user.password);
    expect(first.primeiroAcesso).toBe(true);

    const companies = () =>
      h.app.inject({ method: 'GET', url: '/v1/corporate/companies', headers: bearer(first.token) });
    const refused = await companies();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.firstAccess.required);

    const put = (payload: object) =>
      h.app.inject({ method: 'PUT', url: FIRST_ACCESS, headers: bearer(first.token), payload });
    const otherUser = await put({ login: DEMO.login, novaSenha: NEW_PASSWORD, confirmarNovaSenha: NEW_PASSWORD });
    expect(otherUser.statusCode).toBe(403);
    const differ = await put({ login: user.login, novaSenha: NEW_PASSWORD, confirmarNovaSenha: 'Outra2024senha' });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().message).toBe(messages.recovery.passwordsDiffer);
    const same = await put({ login: user.login, novaSenha: user.password, confirmarNovaSenha: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(messages.firstAccess.samePassword);

    const ok = await put({
      login: user.login.toUpperCase(),
      novaSenha: NEW_PASSWORD,
      confirmarNovaSenha: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.firstAccess.success);

    expect((await companies()).statusCode).toBe(200);
    const again = await signIn(user.login, NEW_PASSWORD);
    expect(again.primeiroAcesso).toBe(false);
  });

  it('needs a token', async () => {
    const res = await h.app.inject({
      method: 'PUT',
      url: FIRST_ACCESS,
      payload: { login: 'x', novaSenha: NEW_PASSWORD, confirmarNovaSenha: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 with a reason for a weak password', async () => {
    const user = await h.createUser({ temporary: true });
    const { token } = await signIn(user.login, user.password);
    const res = await h.app.inject({
      method: 'PUT',
      url: FIRST_ACCESS,
      headers: bearer(token),
      payload: { login: user.login, novaSenha: 'somenteletrasaqui', confirmarNovaSenha: 'somenteletrasaqui' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/letras e números/);
  });

  it('refuses a user whose password is not temporary, and changes nothing (ASVS 6.2.3, 7.4.3)', async () => {
    const user = await h.createUser({});
    const { token, primeiroAcesso } = await signIn(user.login, user.password);
    expect(primeiroAcesso).toBe(false);
    const [before] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, user.login));

    const res = await h.app.inject({
      method: 'PUT',
      url: FIRST_ACCESS,
      headers: bearer(token),
      payload: { login: user.login, novaSenha: NEW_PASSWORD, confirmarNovaSenha: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_TEMPORARY_PASSWORD', message: messages.firstAccess.notTemporary });

    const [after] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, user.login));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'first-access'), eq(auditLog.target, user.login)));
    expect(audits).toHaveLength(0);
    expect((await signIn(user.login, user.password)).primeiroAcesso).toBe(false);
  });

  it('is spent by its first success: the same token cannot set the password a second time', async () => {
    const user = await h.createUser({ temporary: true });
    const { token } = await signIn(user.login, user.password);
    const put = (novaSenha: string) =>
      h.app.inject({
        method: 'PUT',
        url: FIRST_ACCESS,
        headers: bearer(token),
        payload: { login: user.login, novaSenha, confirmarNovaSenha: novaSenha },
      });
    expect((await put(NEW_PASSWORD)).statusCode).toBe(200);
    const again = await put('OutraSenhaNova2025');
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(messages.firstAccess.notTemporary);
    expect((await signIn(user.login, NEW_PASSWORD)).primeiroAcesso).toBe(false);
  });
});
