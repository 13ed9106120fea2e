import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { portalUsers, recoveryCodes } from '../db/schema.ts';
import { requestCode as requestCodeDirectly } from '../services/recovery.ts';
import { createHarness, type Harness } from '../test/harness.ts';

const RECOVER = '/v0/portal/usuario/recuperarsenha';
const NEW_PASSWORD = 'NovaSenhaSegura2024';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const recover = (payload: object) => h.app.inject({ method: 'POST', url: RECOVER, payload });

/** Step 1, then the code read back from the development outbox. */
async function requestCode(login: string): Promise<string> {
  const res = await recover({ login });
  expect(res.statusCode).toBe(200);
  const mail = await h.lastMailTo(`${login}@example.com`);
  const code = mail?.body.match(/código de confirmação é: (\d{6})/)?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function attemptsOf(login: string) {
  const [user] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, login));
  const rows = await h.db
    .select({ attempts: recoveryCodes.attempts })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user?.id ?? '')));
  return rows.map((r) => r.attempts);
}

describe('POST /v0/portal/usuario/recuperarsenha', () => {
  it('refuses a NUL character in the body, a path or a query with a 400, never a database error', async () => {
    const asBody = await recover({ login: '\u0000', confirmacao: '033323' });
    const inPath = await h.app.inject({ method: 'GET', url: '/v1/cards/%00', headers: { authorization: 'Bearer x' } });
    const inQuery = await h.app.inject({ method: 'GET', url: '/v0/portal/usuario/todos?page=%00' });
    for (const res of [asBody, inPath, inQuery]) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.statusCode).not.toBe(200);
    }
    expect(asBody.statusCode).toBe(400);
    expect(asBody.json().message).toBe(messages.generic.invalidInput);
  });

  it('step 1 refuses an unknown login', async () => {
    const res = await recover({ login: 'ninguem' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Usuário não encontrado!');
  });

  it('step 1 after five codes in an hour says to wait, not that the user is unknown', async () => {
    const user = await h.createUser({});
    for (let i = 0; i < 5; i++) expect((await recover({ login: user.login })).statusCode).toBe(200);
    const sixth = await recover({ login: user.login });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: messages.recovery.tooManyCodes, code: 'TOO_MANY_CODES' });
    expect(sixth.json().message).not.toBe(messages.recovery.userNotFound);
  });

  it('step 1 during a mail outage says so and leaves no code behind (nor one counted towards the limit)', async () => {
    const user = await h.createUser({});
    const earlier = await requestCode(user.login);
    const failing = { send: async () => Promise.reject(new Error('SMTP down')) };
    const deps = { db: h.db, mailer: failing, codeKey: Buffer.alloc(32, 7), log: { info() {} }, address: null };
    const outage = requestCodeDirectly(deps, user.login, h.clock());
    await expect(outage).rejects.toMatchObject({ status: 503, code: 'CODE_MAIL_FAILED' });
    await expect(outage).rejects.toThrow(messages.recovery.sendFailure);
    // Only the code sent before the outage exists, and it still works.
    expect(await attemptsOf(user.login)).toEqual([0]);
    const step2 = await recover({ login: user.login, confirmacao: earlier });
    expect(step2.statusCode).toBe(200);
  });

  it('step 1 e-mails a 6-digit code in Portuguese and stores only its hash', async () => {
    const user = await h.createUser({});
    const code = await requestCode(user.login);
    const mail = await h.lastMailTo(`${user.login}@example.com`);
    expect(mail?.subject).toBe(messages.recovery.emailSubject);
    expect(mail?.body).toMatch(/vale por 10 minutos/);
    const stored = await h.db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes);
    expect(stored.some((r) => r.hash.includes(code))).toBe(false);
  });

  it('step 2 accepts the right code and counts wrong ones', async () => {
    const user = await h.createUser({});
    const code = await requestCode(user.login);
    const bad = await recover({ login: user.login, confirmacao: wrong(code) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Código de confirmação inválido!');
    expect(await attemptsOf(user.login)).toEqual([1]);
    const good = await recover({ login: user.login, confirmacao: code });
    expect(good.statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries', async () => {
    const user = await h.createUser({});
    const code = await requestCode(user.login);
    for (let i = 0; i < 5; i++) {
      expect((await recover({ login: user.login, confirmacao: wrong(code) })).statusCode).toBe(400);
    }
    const res = await recover({ login: user.login, confirmacao: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.recovery.invalidCode);
  });

  it('expires the code after 10 minutes', async () => {
    const user = await h.createUser({});
    const code = await requestCode(user.login);
    h.clock.advance(9 * 60_000);
    expect((await recover({ login: user.login, confirmacao: code })).statusCode).toBe(200);
    h.clock.advance(60_000);
    expect((await recover({ login: user.login, confirmacao: code })).statusCode).toBe(400);
  });

  it('retires earlier codes when a new one is sent', async () => {
    const user = await h.createUser({});
    const first = await requestCode(user.login);
    const second = await requestCode(user.login);
    if (first !== second) expect((await recover({ login: user.login, confirmacao: first })).statusCode).toBe(400);
    expect((await recover({ login: user.login, confirmacao: second })).statusCode).toBe(200);
  });

  it('step 3 sets the password once: the code is single use, the old password stops working', async () => {
    const user = await h.createUser({});
    const code = await requestCode(user.login);
    const body = { login: user.login, confirmacao: code, novaSenha: NEW_PASSWORD, confirmarNovaSenha: NEW_PASSWORD };
    const res = await recover(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha alterada com sucesso!' });

    const again = await recover(body);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.recovery.invalidCode);

    const login = (senha: string) =>
      h.app.inject({ method: 'POST', url: '/v0/portal/usuario/login', payload: { login: user.login, senha } });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('step 3 refuses different passwords and weak ones with a reason', async () => {
    const user = await h.createUser({});
    const code = await requestCode(user.login);
    const differ = await recover({
      login: user.login,
      confirmacao: code,
      novaSenha: NEW_PASSWORD,
      confirmarNovaSenha: `${NEW_PASSWORD}x`,
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().message).toBe('As senhas precisam ser iguais.');

    const weak = await recover({
      login: user.login,
      confirmacao: code,
      novaSenha: 'curta',
      confirmarNovaSenha: 'curta',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/pelo menos 12 caracteres/);
  });

  it('step 3 lifts a lockout', async () => {
    const user = await h.createUser({});
    await h.db
      .update(portalUsers)
      .set({ lockedUntil: new Date(h.clock().getTime() + 20 * 60_000) })
      .where(eq(portalUsers.login, user.login));
    const code = await requestCode(user.login);
    await recover({ login: user.login, confirmacao: code, novaSenha: NEW_PASSWORD, confirmarNovaSenha: NEW_PASSWORD });
    const res = await h.app.inject({
      method: 'POST',
      url: '/v0/portal/usuario/login',
      payload: { login: user.login, senha: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400, not a step-1 success, for a malformed code', async () => {
    const user = await h.createUser({});
    const res = await recover({ login: user.login, confirmacao: '12a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Código de confirmação inválido!/);
  });
});
