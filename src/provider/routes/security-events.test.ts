// Issue 15 / decision 075 end to end on the provider: each security event a client can cause leaves one audit row
// and one structured log line, with actor, company, the client's address as the BFF forwarded it, and the time;
// neither ever holds a password or a recovery code. Also: whose X-Forwarded-For the provider believes.
import { Writable } from 'node:stream';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import { buildProvider } from '../app.ts';
import { testAuditKeys } from '../audit/test-keys.ts';
import { createDb, type Db } from '../db/client.ts';
import { auditLog, outbox } from '../db/schema.ts';
import { type BuiltCompany, type BuiltUser, buildCompany, buildUser, freshCpf } from '../test/builders/index.ts';
import { bearer, migratedDatabase, type TestClock, testClock } from '../test/harness.ts';

const BASE = '/v0/portal/usuario';
/** The browser's address as the BFF forwards it (TEST-NET-3, RFC 5737). */
const CLIENT = '203.0.113.7';
const forwarded = { 'x-forwarded-for': CLIENT };

const lines: string[] = [];
const logs = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let db: Db;
let clock: TestClock;
let app: FastifyInstance;
/** The operator who signs in (exempt from the second factor, as the demo's are) and the company they administer. */
let operator: BuiltUser & { password: string };
let company: BuiltCompany;
const exempt = new Set<string>();

/** A provider over the test database; the first one (`app`) logs into `lines`. */
function provider(overrides: Parameters<typeof testConfig>[0] = {}, logger?: object) {
  return buildProvider({
    db: handle,
    config: testConfig(overrides),
    clock,
    publicRateLimit: false,
    secondFactorExempt: exempt,
    logger,
  });
}

beforeAll(async () => {
  const fresh = await migratedDatabase();
  ({ handle } = fresh);
  drop = () => fresh.dispose();
  db = createDb(handle, testAuditKeys());
  company = await buildCompany({ db });
  const built = await buildUser(
    { db },
    {
      companies: [{ company, profile: 'ADMINISTRADOR' }],
      password: 'SenhaDoOperador2024',
    },
  );
  operator = { ...built, password: 'SenhaDoOperador2024' };
  exempt.add(operator.login);
  clock = testClock();
  app = provider({}, { level: 'info', stream: logs });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await handle?.close();
  await drop?.();
});

const login = (who: string, senha: string, headers: Record<string, string> = forwarded, on = app) =>
  on.inject({ method: 'POST', url: `${BASE}/login`, headers, payload: { login: who, senha } });

async function lastMailBody(to: string): Promise<string> {
  const [mail] = await db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(asc(outbox.id))
    .then((rows) => rows.slice(-1));
  return mail?.body ?? '';
}

interface EventLine {
  securityEvent: string;
  actorUserId: string | null;
  target: string;
  companyId: number | null;
  address: string | null;
  at: string;
  reason?: string;
  reqId?: string;
}

const eventLines = () =>
  lines.map((l) => JSON.parse(l) as Partial<EventLine>).filter((l): l is EventLine => Boolean(l.securityEvent));

describe('security events through the provider routes', () => {
  it('records sign-ins, first access, recovery, user changes and sign-out with actor, company, address and time', async () => {
    const [{ maxId } = { maxId: 0 }] = await db
      .select({ maxId: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    const linesBefore = eventLines().length;
    const operatorId = operator.id;
    const secrets: string[] = [operator.password];

    // Sign-in refused for an unknown login, then for a known one with a wrong password, then accepted.
    const typo = 'Sem.Cadastro';
    const wrongPassword = 'ChuteErrado2024x';
    secrets.push(wrongPassword);
    expect((await login(typo, wrongPassword)).statusCode).toBe(401);
    expect((await login(operator.login, wrongPassword)).statusCode).toBe(401);
    const signedIn = await login(operator.login, operator.password);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;

    // A user created in the chosen company, edited, then signed in on the mailed temporary password.
    const cnpj = company.cnpj;
    const newLogin = 'seguranca.eventos';
    const email = `${newLogin}@exemplo.com.br`;
    const document = freshCpf();
    const created = await app.inject({
      method: 'POST',
      url: `${BASE}/`,
      headers: { ...bearer(token), ...forwarded, cnpj },
      payload: {
        login: newLogin,
        numCelular: 912345678,
        nomeUsuario: 'Usuária dos Eventos',
        numeroDocumento: document,
        ddd: 11,
        ddi: 55,
        listaPerfis: [''],
        email,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await app.inject({
      method: 'PATCH',
      url: `${BASE}/${document}`,
      headers: { ...bearer(token), ...forwarded },
      payload: { nomeUsuario: 'Usuária Editada', email, ddi: 55, ddd: 21, numeroCelular: 987654321, listaPerfis: [''] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const temporary = /Senha temporária: (\S+)/.exec(await lastMailBody(email))?.[1] ?? '';
    expect(temporary).not.toBe('');
    secrets.push(temporary);
    const firstSignIn = await login(newLogin, temporary);
    expect(firstSignIn.statusCode).toBe(200);
    const chosen = 'EscolhidaNoPrimeiro2024';
    secrets.push(chosen);
    const firstAccess = await app.inject({
      method: 'PUT',
      url: `${BASE}/primeiroacesso`,
      headers: { ...bearer(firstSignIn.json().token as string), ...forwarded },
      payload: { login: newLogin, novaSenha: chosen, confirmarNovaSenha: chosen },
    });
    expect(firstAccess.statusCode, firstAccess.body).toBe(200);

    // Recovery: a code sent (step 1), then the password set with it (step 3).
    const recover = (payload: object) =>
      app.inject({ method: 'POST', url: `${BASE}/recuperarsenha`, headers: forwarded, payload });
    expect((await recover({ login: newLogin })).statusCode).toBe(200);
    // An unknown login is told so (the spec's 404) and leaves no event: its work is rolled back (decision 063).
    expect((await recover({ login: 'ninguem.cadastrado' })).statusCode).toBe(404);
    const code = /código de confirmação é: (\d{6})/.exec(await lastMailBody(email))?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const recovered = 'RecuperadaPorCodigo2024';
    secrets.push(recovered);
    const step3 = await recover({
      login: newLogin,
      confirmacao: code,
      novaSenha: recovered,
      confirmarNovaSenha: recovered,
    });
    expect(step3.statusCode, step3.body).toBe(200);

    // Deactivated, deleted, and the operator signs out.
    const status = await app.inject({
      method: 'PUT',
      url: `${BASE}/status/${document}`,
      headers: { ...bearer(token), ...forwarded },
      payload: { status: 'INATIVO' },
    });
    expect(status.statusCode, status.body).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `${BASE}/${document}`,
      headers: { ...bearer(token), ...forwarded, 'content-type': 'application/json' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: `${BASE}/logout`,
      headers: { ...bearer(token), ...forwarded },
    });
    expect(logout.statusCode).toBe(204);

    const rows = await db.select().from(auditLog).where(gt(auditLog.id, maxId)).orderBy(asc(auditLog.id));
    const target = `usuario:${newLogin}`;
    const A = company.id;
    // The deleted user's own rows lost their actor id with the user (on delete set null); the snapshot names them.
    const gone = null;
    expect(
      rows.map((r) => [r.action, r.actorUserId, r.target, r.companyId, (r.after as { reason?: string })?.reason]),
    ).toEqual([
      ['login.failure', null, 'sem.cadastro', null, 'unknown-login'],
      ['login.failure', operatorId, operator.login, null, 'wrong-password'],
      ['login.success', operatorId, operator.login, null, undefined],
      ['user.create', operatorId, target, A, undefined],
      ['user.update', operatorId, target, A, undefined],
      ['login.success', gone, newLogin, null, undefined],
      ['first-access', gone, newLogin, null, undefined],
      ['recovery.requested', gone, newLogin, null, undefined],
      ['recovery.used', gone, newLogin, null, undefined],
      ['user.deactivate', operatorId, target, A, undefined],
      ['user.delete', operatorId, target, A, undefined],
      ['logout', operatorId, operator.login, null, undefined],
    ]);
    for (const row of rows) {
      expect(row.address, row.action).toBe(CLIENT);
      expect(row.at.getTime(), row.action).toBe(clock().getTime());
    }
    expect(rows.filter((r) => r.actorLogin === newLogin).map((r) => r.action)).toEqual([
      'login.success',
      'first-access',
      'recovery.requested',
      'recovery.used',
    ]);

    // One log line per security event (an edit is not one), with the row's fields and the request's id.
    const events = eventLines().slice(linesBefore);
    expect(events.map((e) => e.securityEvent)).toEqual(rows.map((r) => r.action).filter((a) => a !== 'user.update'));
    const securityRows = rows.filter((r) => r.action !== 'user.update');
    events.forEach((line, i) => {
      const row = securityRows[i];
      expect(line).toMatchObject({
        target: row?.target,
        companyId: row?.companyId,
        address: CLIENT,
        at: clock().toISOString(),
      });
      expect(line.reqId).toEqual(expect.any(String));
    });
    expect(events.slice(0, 2).map((e) => [e.actorUserId, e.reason])).toEqual([
      [null, 'unknown-login'],
      [operatorId, 'wrong-password'],
    ]);

    // Neither the log nor the trail holds a password, the typed-in wrong one included, or the recovery code.
    const digitsAlone = new RegExp(`(?<![0-9])${code}(?![0-9])`);
    const trail = JSON.stringify(rows);
    for (const secret of secrets) {
      expect(lines.filter((l) => l.includes(secret))).toEqual([]);
      expect(trail).not.toContain(secret);
    }
    expect(lines.filter((l) => digitsAlone.test(l))).toEqual([]);
    expect(trail).not.toMatch(digitsAlone);
  });
});

describe('the client address behind the BFF (PROVIDER_TRUST_PROXY)', () => {
  const addressOf = async (on: FastifyInstance, remoteAddress: string, xff: string) => {
    const who = `endereco.${Math.random().toString(36).slice(2, 10)}`;
    const res = await on.inject({
      method: 'POST',
      url: `${BASE}/login`,
      remoteAddress,
      headers: { 'x-forwarded-for': xff },
      payload: { login: who, senha: 'QualquerSenha2024' },
    });
    expect(res.statusCode).toBe(401);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.target, who));
    return row?.address;
  };

  it('by default believes a BFF on loopback, and only the hop that BFF saw', async () => {
    expect(await addressOf(app, '127.0.0.1', CLIENT)).toBe(CLIENT);
    expect(await addressOf(app, '::1', CLIENT)).toBe(CLIENT);
    // A browser cannot pick its recorded address by sending its own X-Forwarded-For through the BFF.
    expect(await addressOf(app, '127.0.0.1', `198.51.100.66, ${CLIENT}`)).toBe(CLIENT);
  });

  it('records the socket address when the peer is not a trusted proxy', async () => {
    expect(await addressOf(app, '10.0.4.9', CLIENT)).toBe('10.0.4.9');
    const trustsNone = provider({ PROVIDER_TRUST_PROXY: 'false' });
    try {
      expect(await addressOf(trustsNone, '127.0.0.1', CLIENT)).toBe('127.0.0.1');
    } finally {
      await trustsNone.close();
    }
  });

  it('believes the BFFs it is told to', async () => {
    const split = provider({ PROVIDER_TRUST_PROXY: '10.0.4.0/24' });
    try {
      expect(await addressOf(split, '10.0.4.9', CLIENT)).toBe(CLIENT);
      expect(await addressOf(split, '10.0.5.9', CLIENT)).toBe('10.0.5.9');
    } finally {
      await split.close();
    }
  });
});
