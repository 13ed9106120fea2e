// Temporary passwords sign in for 72 hours from issue (decision 058/061), on the harness clock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { portalUsers } from '../db/schema.ts';
import { TEMPORARY_PASSWORD_TTL_MS } from '../services/temporary-password-expiry.ts';
import { buildCompany, freshCpf } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const LOGIN = '/v0/portal/usuario/login';
const MINUTE = 60_000;
const NEW_PASSWORD = 'MinhaSenhaNova2024';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const login = (login: string, senha: string) => h.app.inject({ method: 'POST', url: LOGIN, payload: { login, senha } });
const rowOf = async (login: string) => (await h.db.select().from(portalUsers).where(eq(portalUsers.login, login)))[0];

describe('temporary password expiry', () => {
  it('is set for the demo seed’s newcomers, and only for users on a temporary password', async () => {
    const users = await h.db.select().from(portalUsers);
    const temporary = users.filter((u) => u.mustChangePassword);
    expect(temporary.length).toBeGreaterThan(0);
    for (const u of users) expect(u.temporaryPasswordExpiresAt !== null).toBe(u.mustChangePassword);
  });

  it('signs in until 72 hours after issue, then refuses with a reason pointing to password recovery', async () => {
    const user = await h.createUser({ temporary: true });
    h.clock.advance(TEMPORARY_PASSWORD_TTL_MS - MINUTE);
    const before = await login(user.login, user.password);
    expect(before.statusCode).toBe(200);
    expect(before.json().primeiroAcesso).toBe(true);

    h.clock.advance(MINUTE);
    const expired = await login(user.login, user.password);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({
      code: 'TEMPORARY_PASSWORD_EXPIRED',
      message: messages.login.temporaryExpired,
    });
    expect(expired.json().message).toContain('Esqueceu sua senha?');
    // Counted like any refused try, so an expired password cannot be used to wipe the failure count.
    expect((await rowOf(user.login))?.failedLogins).toBe(1);
    // The password is checked first: a wrong one still gets the ordinary failure.
    expect((await login(user.login, 'errada-123456')).statusCode).toBe(401);
  });

  it('is stored by the portal’s user creation and cleared by first access', async () => {
    const token = await h.token(DEMO.login, DEMO.password);
    const { cnpj } = await buildCompany(h, { members: [DEMO.login] });
    const created = await h.app.inject({
      method: 'POST',
      url: '/v0/portal/usuario/',
      headers: { ...bearer(token), cnpj },
      payload: {
        login: 'convidado.expira',
        numCelular: 912345678,
        nomeUsuario: 'Convidado Expira',
        numeroDocumento: freshCpf(),
        ddd: 11,
        ddi: 55,
        listaPerfis: [''],
        email: 'convidado.expira@example.com',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = await rowOf('convidado.expira');
    expect(row?.temporaryPasswordExpiresAt?.getTime()).toBe(h.clock().getTime() + TEMPORARY_PASSWORD_TTL_MS);

    const user = await h.createUser({ temporary: true });
    const first = await login(user.login, user.password);
    const done = await h.app.inject({
      method: 'PUT',
      url: '/v0/portal/usuario/primeiroacesso',
      headers: bearer(first.json().token),
      payload: { login: user.login, novaSenha: NEW_PASSWORD, confirmarNovaSenha: NEW_PASSWORD },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await rowOf(user.login))?.temporaryPasswordExpiresAt).toBeNull();
    h.clock.advance(TEMPORARY_PASSWORD_TTL_MS);
    expect((await login(user.login, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is cleared by password recovery, so the recovered password works after the 72 hours', async () => {
    const user = await h.createUser({ temporary: true });
    h.clock.advance(TEMPORARY_PASSWORD_TTL_MS);
    expect((await login(user.login, user.password)).statusCode).toBe(403);

    const recover = (payload: object) =>
      h.app.inject({ method: 'POST', url: '/v0/portal/usuario/recuperarsenha', payload });
    expect((await recover({ login: user.login })).statusCode).toBe(200);
    const code = (await h.lastMailTo(`${user.login}@example.com`))?.body.match(/é: (\d{6})/)?.[1] ?? '';
    const reset = await recover({
      login: user.login,
      confirmacao: code,
      novaSenha: NEW_PASSWORD,
      confirmarNovaSenha: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await rowOf(user.login))?.temporaryPasswordExpiresAt).toBeNull();
    expect((await login(user.login, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
