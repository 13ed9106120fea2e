import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { loginResponse } from '../../contracts/schemas.ts';
import { outbox, portalUsers } from '../db/schema.ts';
import { buildCompany, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const LOGIN = '/v0/portal/usuario/login';
const MINUTE = 60_000;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const login = (body: unknown) => h.app.inject({ method: 'POST', url: LOGIN, payload: body as object });

describe('POST /v0/portal/usuario/login', () => {
  it('answers the operator, a token, the first-access flag and the companies', async () => {
    // An Administrador of two companies, which the answer lists by name.
    const later = await buildCompany(h, { corporateName: 'Zeta Transportes Ltda' });
    const earlier = await buildCompany(h, { corporateName: 'Alfa Construções S.A.' });
    const operator = await buildUser(h, {
      name: 'Operadora das Duas Empresas',
      password: DEMO.password,
      companies: [
        { company: later, profile: 'ADMINISTRADOR' },
        { company: earlier, profile: 'ADMINISTRADOR' },
      ],
    });
    const res = await login({ login: operator.login, senha: DEMO.password });
    expect(res.statusCode).toBe(200);
    const body = loginResponse.parse(res.json());
    expect(body.usuario).toBe('Operadora das Duas Empresas');
    expect(body.login).toBe(operator.login);
    expect(body.primeiroAcesso).toBe(false);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.companies.map((c) => c.corporateName)).toEqual(['Alfa Construções S.A.', 'Zeta Transportes Ltda']);
    expect(body.companies[0]).toEqual({
      corporateName: 'Alfa Construções S.A.',
      cnpj: earlier.cnpj,
      relationCode: earlier.relationCode,
      perfil: 'ADMINISTRADOR',
    });
  });

  it('lower-cases the login', async () => {
    const res = await login({ login: '  DeMo ', senha: DEMO.password });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password or an unknown login with the spec message', async () => {
    for (const body of [
      { login: DEMO.login, senha: 'errada-123456' },
      { login: 'ninguem', senha: DEMO.password },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Ocorreu um erro ao realizar o login, verifique os dados digitados!');
    }
  });

  it('answers 400 with a Portuguese reason for an invalid body, never 500', async () => {
    const missing = await login({ login: DEMO.login });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/senha/);
    expect(missing.json().code).toBe('INVALID_INPUT');

    const wrongType = await login({ login: 42, senha: DEMO.password });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/Campo inválido "login"/);

    const broken = await h.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(messages.generic.invalidInput);

    const empty = await h.app.inject({ method: 'POST', url: LOGIN });
    expect(empty.statusCode).toBe(400);
  });

  it('locks the login after 10 failures for 30 minutes, answering like a wrong password and telling the user by e-mail', async () => {
    const user = await h.createUser({});
    const email = `${user.login}@example.com`;
    const wrongAnswer = { code: 'LOGIN_FAILED', message: messages.login.failure };
    for (let i = 1; i <= 10; i++) {
      const res = await login({ login: user.login, senha: 'errada-123456' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject(wrongAnswer);
    }
    const mail = await h.lastMailTo(email);
    expect(mail?.subject).toMatch(/bloqueado/);
    expect(mail?.body).toContain('30 minutos');

    const whileLocked = await login({ login: user.login, senha: user.password });
    expect(whileLocked.statusCode).toBe(401);
    expect(whileLocked.json()).toEqual((await login({ login: 'ninguem', senha: user.password })).json());
    h.clock.advance(29 * MINUTE);
    expect((await login({ login: user.login, senha: user.password })).statusCode).toBe(401);
    h.clock.advance(MINUTE);
    expect((await login({ login: user.login, senha: user.password })).statusCode).toBe(200);

    const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, user.login));
    expect(row?.failedLogins).toBe(0);
    expect(row?.lockedUntil).toBeNull();
    // Told once per lockout, not once per refused try.
    expect(await h.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(1);
  });

  it('restarts the failure count after a successful sign-in', async () => {
    const user = await h.createUser({});
    for (let i = 0; i < 9; i++) await login({ login: user.login, senha: 'errada-123456' });
    expect((await login({ login: user.login, senha: user.password })).statusCode).toBe(200);
    expect((await login({ login: user.login, senha: 'errada-123456' })).statusCode).toBe(401);
  });

  it('answers unknown, wrong, locked and disabled logins with the same status and body', async () => {
    const locked = await h.createUser({});
    for (let i = 0; i < 10; i++) await login({ login: locked.login, senha: 'errada-123456' });
    const disabled = await h.createUser({});
    await h.db.update(portalUsers).set({ status: 'INATIVO' }).where(eq(portalUsers.login, disabled.login));
    const answers = await Promise.all(
      [
        { login: 'ninguem', senha: DEMO.password },
        { login: DEMO.login, senha: 'errada-123456' },
        { login: locked.login, senha: locked.password },
        { login: disabled.login, senha: disabled.password },
      ].map(async (body) => {
        const res = await login(body);
        return { status: res.statusCode, body: res.json() };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(401);
  });

  it('refuses an INATIVO user even with the right password', async () => {
    const user = await h.createUser({});
    await h.db.update(portalUsers).set({ status: 'INATIVO' }).where(eq(portalUsers.login, user.login));
    const res = await login({ login: user.login, senha: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.login.failure);
  });
});

describe('GET /v0/portal/usuario/sessao', () => {
  const session = (headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url: '/v0/portal/usuario/sessao', headers });

  it('answers the signed-in operator’s name, login and companies, the login answer without its token', async () => {
    const token = await h.token(DEMO.login, DEMO.password);
    const res = await session(bearer(token));
    expect(res.statusCode).toBe(200);
    const login = loginResponse.parse(
      (await h.app.inject({ method: 'POST', url: LOGIN, payload: { login: DEMO.login, senha: DEMO.password } })).json(),
    );
    expect(res.json()).toEqual({
      usuario: login.usuario,
      login: DEMO.login,
      companies: login.companies,
      segundoFator: 'NENHUM',
    });
  });

  it('refuses without a session, after sign-out and on a temporary password', async () => {
    expect((await session()).statusCode).toBe(401);
    const token = await h.token(DEMO.login, DEMO.password);
    await h.app.inject({ method: 'POST', url: '/v0/portal/usuario/logout', headers: bearer(token) });
    expect((await session(bearer(token))).statusCode).toBe(401);
    const temporary = await h.createUser({ temporary: true });
    const res = await session(bearer(await h.token(temporary.login, temporary.password)));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
  });
});

describe('POST /v0/portal/usuario/logout', () => {
  it('revokes the session: the token is refused afterwards', async () => {
    const token = await h.token(DEMO.login, DEMO.password);
    const companies = () => h.app.inject({ method: 'GET', url: '/v1/corporate/companies', headers: bearer(token) });
    expect((await companies()).statusCode).toBe(200);
    const out = await h.app.inject({ method: 'POST', url: '/v0/portal/usuario/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await companies();
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(messages.generic.unauthenticated);
  });
});

describe('rate limit on public routes', () => {
  it('answers 429 in Portuguese once one login exceeds the limit, and leaves other logins alone', async () => {
    // Every call comes from the BFF's address, so the limit is per login, not per address.
    const limited = await createHarness({ publicRateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const send = (login: string) =>
        limited.app.inject({ method: 'POST', url: LOGIN, payload: { login, senha: 'y' } });
      await send('x');
      await send('X ');
      const third = await send('x');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(messages.generic.tooMany);
      expect((await send('outro')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('JSON bodies', () => {
  it('answers 400 with a pt-BR reason for malformed JSON, and reads an empty JSON body as no body', async () => {
    const h = await createHarness();
    try {
      const headers = { 'content-type': 'application/json' };
      const malformed = await h.app.inject({ method: 'POST', url: LOGIN, headers, payload: '{"login":' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(messages.generic.invalidInput);
      const empty = await h.app.inject({ method: 'POST', url: LOGIN, headers, payload: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toEqual(expect.any(String));
    } finally {
      await h.close();
    }
  });
});
