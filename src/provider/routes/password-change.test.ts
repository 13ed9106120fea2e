// The signed-in password change (decision 074) on the real app, on PGlite or on PostgreSQL (DATABASE_URL).
import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { testConfig } from '../../platform/config.ts';
import { buildProvider } from '../app.ts';
import { auditLog, portalUsers } from '../db/schema.ts';
import { needsRehash } from '../services/passwords.ts';
import { MAX_FAILED_LOGINS } from '../services/sign-in.ts';
import { bearer, createHarness, type Harness } from '../test/harness.ts';

const CHANGE = '/v0/portal/usuario/senha';
const NEW_PASSWORD = 'MinhaSenhaNova2026';
const m = messages.passwordChange;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const change = (token: string | null, payload: object) =>
  h.app.inject({ method: 'PUT', url: CHANGE, headers: token ? bearer(token) : {}, payload });

const body = (senhaAtual: string, novaSenha = NEW_PASSWORD, confirmarNovaSenha = novaSenha) => ({
  senhaAtual,
  novaSenha,
  confirmarNovaSenha,
});

const session = (token: string) =>
  h.app.inject({ method: 'GET', url: '/v0/portal/usuario/sessao', headers: bearer(token) });

const signIn = (login: string, senha: string) =>
  h.app.inject({ method: 'POST', url: '/v0/portal/usuario/login', payload: { login, senha } });

async function userRow(login: string) {
  const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row;
}

const auditOf = (login: string, action: string) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, login), eq(auditLog.action, action)));

describe('PUT /v0/portal/usuario/senha', () => {
  it('changes the password, ends every other session, keeps this one, audits and tells the mailbox', async () => {
    const user = await h.createUser({});
    const here = await h.token(user.login, user.password);
    const elsewhere = await h.token(user.login, user.password);

    const res = await change(here, body(user.password));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha alterada com sucesso!' });

    expect((await session(here)).statusCode).toBe(200);
    const refused = await session(elsewhere);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(messages.generic.unauthenticated);

    expect((await signIn(user.login, user.password)).statusCode).toBe(401);
    expect((await signIn(user.login, NEW_PASSWORD)).statusCode).toBe(200);

    const row = await userRow(user.login);
    expect(row.mustChangePassword).toBe(false);
    expect(needsRehash(row.passwordHash)).toBe(false);

    const [audit, ...more] = await auditOf(user.login, 'password.changed');
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ actorUserId: row.id, target: user.login, at: h.clock(), address: '127.0.0.1' });

    const mail = await h.lastMailTo(`${user.login}@example.com`);
    expect(mail?.subject).toBe('fidis: sua senha foi alterada');
    // 12:00 UTC is 09:00 in Brasília.
    expect(mail?.body).toContain('foi alterada em 02/03/2026 às 09:00 (horário de Brasília)');
    expect(mail?.body).toContain('"Esqueceu sua senha?"');
  });

  it('refuses a wrong current password with a 400, changes nothing, counts a sign-in try and records the failure', async () => {
    const user = await h.createUser({});
    const here = await h.token(user.login, user.password);
    const elsewhere = await h.token(user.login, user.password);
    const before = await userRow(user.login);

    const res = await change(here, body('Senha-Errada-2026'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'WRONG_CURRENT_PASSWORD', message: 'Senha atual incorreta.' });

    const after = await userRow(user.login);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.failedLogins).toBe(before.failedLogins + 1);
    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(200);
    expect(await auditOf(user.login, 'password.changed')).toHaveLength(0);
    expect(await auditOf(user.login, 'password.change-failed')).toHaveLength(1);
    expect(await h.lastMailTo(`${user.login}@example.com`)).toBeUndefined();
    expect((await signIn(user.login, user.password)).statusCode).toBe(200);
  });

  it('shares the lockout with sign-in: wrong sign-ins and wrong current passwords spend the same 10 tries', async () => {
    const user = await h.createUser({});
    const token = await h.token(user.login, user.password);
    const half = MAX_FAILED_LOGINS / 2;
    for (let i = 0; i < half; i++) expect((await signIn(user.login, 'Senha-Errada-2026')).statusCode).toBe(401);
    for (let i = 0; i < half; i++) expect((await change(token, body('Senha-Errada-2026'))).statusCode).toBe(400);

    // The tenth wrong guess locked the login, audited the lock and e-mailed it, as a tenth wrong sign-in does.
    expect((await userRow(user.login)).lockedUntil).not.toBeNull();
    const [lock, ...moreLocks] = await auditOf(user.login, 'login.locked');
    expect(moreLocks).toHaveLength(0);
    expect(lock?.address).toBe('127.0.0.1');
    expect((await h.lastMailTo(`${user.login}@example.com`))?.subject).toMatch(/bloqueado/);

    // Locked, the right current password is not even checked; the session itself goes on.
    const locked = await change(token, body(user.password));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'PASSWORD_TRIES_EXHAUSTED', message: m.tooManyTries });
    expect((await signIn(user.login, user.password)).statusCode).toBe(401);
    expect((await session(token)).statusCode).toBe(200);
    expect(await auditOf(user.login, 'password.changed')).toHaveLength(0);
  });

  it('a right current password restarts the count, as a right sign-in does', async () => {
    const user = await h.createUser({});
    const token = await h.token(user.login, user.password);
    expect((await change(token, body('Senha-Errada-2026'))).statusCode).toBe(400);
    expect((await userRow(user.login)).failedLogins).toBe(1);
    expect((await change(token, body(user.password))).statusCode).toBe(200);
    expect((await userRow(user.login)).failedLogins).toBe(0);
  });

  it('refuses a new password that breaks the rule, differs from its confirmation or equals the current one', async () => {
    const user = await h.createUser({});
    const token = await h.token(user.login, user.password);
    const before = await userRow(user.login);
    const invalid = (field: string, reason: string) => `${messages.generic.invalidField} "${field}": ${reason}`;
    const cases: [object, string][] = [
      [body(user.password, 'Curta2026'), invalid('novaSenha', 'A senha deve ter pelo menos 12 caracteres.')],
      [body(user.password, 'somenteletrasaqui'), invalid('novaSenha', 'A senha deve conter letras e números.')],
      [body(user.password, '123456789012345'), invalid('novaSenha', 'A senha deve conter letras e números.')],
      [body(user.password, NEW_PASSWORD, 'OutraSenhaNova2026'), 'As senhas precisam ser iguais.'],
      [body(user.password, user.password), 'A nova senha deve ser diferente da atual.'],
      // Equal once normalised as the hash normalises it (NFKC): the full-width digit is a plain 2.
      [body('SenhaAtual2024x', 'SenhaAtual\uFF12024x'), 'A nova senha deve ser diferente da atual.'],
    ];
    for (const [payload, message] of cases) {
      const res = await change(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await change(token, { novaSenha: NEW_PASSWORD, confirmarNovaSenha: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Campo inválido "senhaAtual"/);

    // Refused before the current password was looked at: no try spent, nothing changed.
    const after = await userRow(user.login);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.failedLogins).toBe(0);
    expect(await auditOf(user.login, 'password.changed')).toHaveLength(0);
  });

  it('refuses a user on a temporary password, who must use first access', async () => {
    const user = await h.createUser({ temporary: true });
    const token = await h.token(user.login, user.password);
    const before = await userRow(user.login);
    const res = await change(token, body(user.password));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.firstAccess.required);
    const after = await userRow(user.login);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.failedLogins).toBe(0);
  });

  it('refuses a call without a live session', async () => {
    const user = await h.createUser({});
    const token = await h.token(user.login, user.password);
    expect((await change(null, body(user.password))).statusCode).toBe(401);
    expect((await change('a.b.c', body(user.password))).statusCode).toBe(401);
    await h.app.inject({ method: 'POST', url: '/v0/portal/usuario/logout', headers: bearer(token) });
    expect((await change(token, body(user.password))).statusCode).toBe(401);
    expect((await signIn(user.login, user.password)).statusCode).toBe(200);
  });

  it('of two changes racing from two sessions, one wins and the other changes nothing', async () => {
    const user = await h.createUser({});
    const [a, b] = [await h.token(user.login, user.password), await h.token(user.login, user.password)];
    const answers = await Promise.all([
      change(a, body(user.password, 'PrimeiraSenha2026')),
      change(b, body(user.password, 'SegundaSenha2026')),
    ]);
    const [first, second] = answers.map((r) => r.statusCode).sort();
    expect(first).toBe(200);
    // 409 when both got past the session check; 401 if the winner had already ended the loser's session.
    expect([401, 409]).toContain(second);
    const winner = answers[0]?.statusCode === 200 ? 'PrimeiraSenha2026' : 'SegundaSenha2026';
    expect((await signIn(user.login, winner)).statusCode).toBe(200);
    expect(await auditOf(user.login, 'password.changed')).toHaveLength(1);
  });

  it('keeps the change when the notice cannot be sent, and logs it', async () => {
    // A port nothing listens on: the SMTP connection is refused at once.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const lines: string[] = [];
    const app = buildProvider({
      db: h.handle,
      config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${closed}` }),
      clock: h.clock,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
      publicRateLimit: false,
    });
    try {
      await app.ready();
      const user = await h.createUser({});
      const token = await h.token(user.login, user.password);
      const res = await app.inject({
        method: 'PUT',
        url: CHANGE,
        headers: bearer(token),
        payload: body(user.password),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await signIn(user.login, NEW_PASSWORD)).statusCode).toBe(200);
      expect(await auditOf(user.login, 'password.changed')).toHaveLength(1);
      const warned = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'e-mail de senha alterada não enviado');
      expect(warned).toMatchObject({ login: user.login });
    } finally {
      await app.close();
    }
  });
});
