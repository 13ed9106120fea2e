// The second factor, step-up and security e-mails (decision 091) on the real app, through HTTP, on PGlite or on
// PostgreSQL (DATABASE_URL). The clock is the harness's: codes are computed by otpauth at the provider's time, and
// the step-up window is crossed by moving it.
import { Writable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import type { Profile } from '../../contracts/profiles.ts';
import { loginResponse, usersResponse } from '../../contracts/schemas.ts';
import { RECOVERY_CODE_PATTERN, STEP_UP_MAX_AGE_MS } from '../../contracts/second-factor.ts';
import { TEST_MASTER_KEY } from '../../platform/config.ts';
import { MasterKey, sealedLabel } from '../../platform/master-key.ts';
import { rotateMasterKey } from '../../platform/rotate-master-key.ts';
import { changedTables, snapshotTables } from '../../security/snapshot.ts';
import {
  auditLog,
  outbox,
  portalUsers,
  secondFactorRecoveryCodes,
  secondFactors,
  userCompanies,
  userDevices,
} from '../db/schema.ts';
import { MAX_FAILED_LOGINS } from '../services/sign-in.ts';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCard,
  buildCompany,
  buildUser,
  freshCpf,
  wordFor,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const BASE = '/v0/portal/usuario';
const FACTOR = `${BASE}/segundofator`;
const m = messages.secondFactor;

/** Every log line the provider writes, to prove no secret is ever logged. */
const logLines: string[] = [];
const logs = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
/** Every answer body after an enrolment answered its secret: none may carry it again. */
const answers: string[] = [];
const secretsAnswered: string[] = [];

let h: Harness;
/** Companies A and B are the demo operator's; company C has an operator of its own (`other`). */
let companyA: BuiltCompany;
let companyB: BuiltCompany;
let companyC: BuiltCompany;
let other: BuiltUser;
let seq = 0;

beforeAll(async () => {
  h = await createHarness({ logger: { level: 'info', stream: logs } });
  companyA = await buildCompany(h, { members: [DEMO.login] });
  companyB = await buildCompany(h, { members: [DEMO.login] });
  other = await buildUser(h, { password: DEMO.password });
  companyC = await buildCompany(h, { members: [other.login] });
});
afterAll(() => h.close());

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  answers.push(res.body);
  return res;
}

const signIn = (login: string, senha: string, headers: Record<string, string> = {}) =>
  call('POST', `${BASE}/login`, null, { login, senha }, headers);

/** Signs in and answers the token and the step the session is at. */
async function session(login: string, senha: string = DEMO.password, headers: Record<string, string> = {}) {
  const res = await signIn(login, senha, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = loginResponse.parse(res.json());
  return { token: body.token, step: body.segundoFator, companies: body.companies };
}

/** The code the user's authenticator shows at the provider's time (or `at`). */
const codeOf = (secret: string, at = h.clock()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** A code that is not the right one now, nor in the steps around it. */
function wrongCodeOf(secret: string): string {
  const near = [-30_000, 0, 30_000].map((d) => codeOf(secret, new Date(h.clock().getTime() + d)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

/** The next TOTP step: a code of the step already accepted would be a replay. */
const nextStep = () => h.clock.advance(30_000);

interface Operator {
  login: string;
  email: string;
  name: string;
  document: string;
}

/**
 * An operator created through the API by `demo` (not a seeded, exempt login), with the demo password instead of the
 * temporary one, so the suite signs in without a first access.
 */
async function operator(profile: Profile, cnpj = companyA.cnpj): Promise<Operator> {
  seq += 1;
  const login = `fator.${seq}.${process.pid}`;
  const payload = {
    login,
    numCelular: 912345678,
    nomeUsuario: `Operador Fator ${wordFor(seq)}`,
    numeroDocumento: freshCpf(),
    ddd: 11,
    ddi: 55,
    listaPerfis: [profile],
    email: `${login}@exemplo.com.br`,
  };
  const demo = await h.token(DEMO.login, DEMO.password);
  const res = await call('POST', `${BASE}/`, demo, payload, { cnpj });
  expect(res.statusCode, res.body).toBe(201);
  const [demoRow] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, DEMO.login));
  await h.db
    .update(portalUsers)
    .set({ mustChangePassword: false, temporaryPasswordExpiresAt: null, passwordHash: demoRow?.passwordHash })
    .where(eq(portalUsers.login, login));
  return { login, email: payload.email, name: payload.nomeUsuario, document: payload.numeroDocumento };
}

/** Enrols a factor in a (pending or full) session: answers the secret and the recovery codes. */
async function enrol(token: string) {
  const started = await call('POST', FACTOR, token);
  expect(started.statusCode, started.body).toBe(200);
  const { segredo, uri } = started.json() as { segredo: string; uri: string };
  secretsAnswered.push(segredo);
  const confirmed = await call('PUT', FACTOR, token, { codigo: codeOf(segredo) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: segredo, uri, codes: (confirmed.json() as { codigosRecuperacao: string[] }).codigosRecuperacao };
}

/** An operator with a confirmed factor and a full session. */
async function enrolled(profile: Profile = 'ADMINISTRADOR', cnpj = companyA.cnpj) {
  const user = await operator(profile, cnpj);
  const first = await session(user.login);
  const factor = await enrol(first.token);
  return { ...user, ...factor, token: first.token };
}

/** Signs in and gives the code: a full session. */
async function fullSession(login: string, secret: string, headers: Record<string, string> = {}) {
  nextStep();
  const pending = await session(login, DEMO.password, headers);
  expect(pending.step).toBe('VERIFICAR');
  const res = await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: codeOf(secret) }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return pending.token;
}

const userRow = async (login: string) => {
  const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row;
};

const auditOf = async (target: string, action: string) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, target), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

const mailsTo = (to: string) => h.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id));

const expectRefusal = (res: { statusCode: number; body: string }, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect((JSON.parse(res.body) as { code: string }).code).toBe(code);
};

describe('sign-in of an Administrador without a factor: CADASTRAR', () => {
  it('opens a pending session that reaches only the factor, the session and sign-out, and changes nothing else', async () => {
    const admin = await operator('ADMINISTRADOR');
    const pending = await session(admin.login);
    expect(pending).toMatchObject({ step: 'CADASTRAR', companies: [] });
    expect(await auditOf(admin.login, 'login.factor-pending')).toHaveLength(1);
    expect(await auditOf(admin.login, 'login.success')).toHaveLength(0);

    const read = await call('GET', `${BASE}/sessao`, pending.token);
    expect(read.json()).toEqual({ usuario: admin.name, login: admin.login, companies: [], segundoFator: 'CADASTRAR' });
    const status = await call('GET', FACTOR, pending.token);
    expect(status.json()).toEqual({
      cadastrado: false,
      obrigatorio: true,
      cadastradoEm: null,
      codigosRecuperacaoRestantes: 0,
    });

    const before = await snapshotTables(h.handle.sql);
    const refused = [
      await call('GET', '/v1/corporate/companies', pending.token),
      await call('GET', `${BASE}/todos?page=0&limit=10`, pending.token, undefined, { cnpj: companyA.cnpj }),
      await call(
        'POST',
        `${BASE}/`,
        pending.token,
        {
          login: 'intruso.pendente',
          numCelular: 912345678,
          nomeUsuario: 'Intruso',
          numeroDocumento: freshCpf(),
          ddd: 11,
          ddi: 55,
          listaPerfis: ['ADMINISTRADOR'],
          email: 'intruso@exemplo.com.br',
        },
        { cnpj: companyA.cnpj },
      ),
      await call('PUT', `${BASE}/senha`, pending.token, {
        senhaAtual: DEMO.password,
        novaSenha: 'OutraSenhaForte2026',
        confirmarNovaSenha: 'OutraSenhaForte2026',
      }),
      await call('POST', `${BASE}/confirmacao`, pending.token, { senha: DEMO.password }),
      await call(
        'PUT',
        '/v0/portal/empresa/seguranca',
        pending.token,
        { exigirSegundoFator: true },
        {
          cnpj: companyA.cnpj,
        },
      ),
    ];
    for (const res of refused) {
      expectRefusal(res, 403, 'SECOND_FACTOR_PENDING');
      expect(res.json().message).toBe(m.pending);
    }
    // The session's own renewal is not a change (the clock did not move).
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);

    const out = await call('POST', `${BASE}/logout`, pending.token);
    expect(out.statusCode).toBe(204);
  });

  it('enrols: the QR URI and secret, a first code confirms, ten recovery codes once, and the same session is full', async () => {
    const admin = await operator('ADMINISTRADOR');
    const pending = await session(admin.login, DEMO.password, { 'x-fidis-device': 'navegador-do-cadastro' });
    const started = await call('POST', FACTOR, pending.token);
    expect(started.statusCode, started.body).toBe(200);
    const { segredo, uri } = started.json() as { segredo: string; uri: string };
    secretsAnswered.push(segredo);
    expect(segredo).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/fidis:${admin.login}`);
    expect(parsed.searchParams.get('secret')).toBe(segredo);
    expect(parsed.searchParams.get('issuer')).toBe('fidis');

    // Stored sealed under the master key, with the user's own label.
    const [row] = await h.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, (await userRow(admin.login)).id));
    expect(row?.secretSealed).not.toContain(segredo);
    expect(row?.confirmedAt).toBeNull();
    const key = MasterKey.fromBase64(TEST_MASTER_KEY);
    expect(key.open(sealedLabel('second_factors', row?.userId ?? ''), row?.secretSealed ?? '').toString()).toBe(
      segredo,
    );

    // A wrong first code: refused, a try spent, nothing confirmed.
    const wrong = await call('PUT', FACTOR, pending.token, { codigo: wrongCodeOf(segredo) });
    expectRefusal(wrong, 400, 'SECOND_FACTOR_INVALID');
    expect(wrong.json().message).toBe(m.invalidCode);
    // The password's try stays counted until the sign-in completes; the wrong code took another.
    expect((await userRow(admin.login)).failedLogins).toBe(2);
    expect(await auditOf(admin.login, 'second-factor.failure')).toHaveLength(1);

    // Restarting an enrolment that was never confirmed replaces its secret.
    const again = await call('POST', FACTOR, pending.token);
    const secret = (again.json() as { segredo: string }).segredo;
    secretsAnswered.push(secret);
    expect(secret).not.toBe(segredo);
    expectRefusal(await call('PUT', FACTOR, pending.token, { codigo: codeOf(segredo) }), 400, 'SECOND_FACTOR_INVALID');

    const confirmed = await call('PUT', FACTOR, pending.token, { codigo: codeOf(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = (confirmed.json() as { codigosRecuperacao: string[] }).codigosRecuperacao;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    // Kept only as HMACs.
    const stored = await h.db
      .select({ hash: secondFactorRecoveryCodes.codeHash })
      .from(secondFactorRecoveryCodes)
      .where(eq(secondFactorRecoveryCodes.userId, row?.userId ?? ''));
    expect(stored).toHaveLength(10);
    for (const s of stored) {
      expect(s.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes).not.toContain(s.hash);
    }
    expect((await userRow(admin.login)).failedLogins).toBe(0);

    // The same session is full now: companies, the session's answer, and a fresh check.
    expect((await call('GET', '/v1/corporate/companies', pending.token)).statusCode).toBe(200);
    const read = await call('GET', `${BASE}/sessao`, pending.token);
    expect(read.json()).toMatchObject({
      segundoFator: 'NENHUM',
      companies: [expect.objectContaining({ perfil: 'ADMINISTRADOR' })],
    });
    const status = await call('GET', FACTOR, pending.token);
    expect(status.json()).toEqual({
      cadastrado: true,
      obrigatorio: true,
      cadastradoEm: h.clock().toISOString(),
      codigosRecuperacaoRestantes: 10,
    });
    expect(await auditOf(admin.login, 'second-factor.enrolled')).toHaveLength(1);
    expect(await auditOf(admin.login, 'login.success')).toHaveLength(1);
    const mail = (await mailsTo(admin.email)).at(-1);
    expect(mail?.subject).toBe('Verificação em duas etapas cadastrada no portal fidis');

    // Enrolled: neither a new enrolment nor a second confirmation.
    expectRefusal(await call('POST', FACTOR, pending.token), 409, 'SECOND_FACTOR_ALREADY_ENROLLED');
    expectRefusal(
      await call('PUT', FACTOR, pending.token, { codigo: codeOf(secret) }),
      409,
      'SECOND_FACTOR_ALREADY_ENROLLED',
    );
  });

  it('a confirmation with no enrolment started is SECOND_FACTOR_NOT_STARTED', async () => {
    const admin = await operator('ADMINISTRADOR');
    const pending = await session(admin.login);
    expectRefusal(await call('PUT', FACTOR, pending.token, { codigo: '123456' }), 409, 'SECOND_FACTOR_NOT_STARTED');
  });

  it('after a first access, the session opened with the temporary password waits for the enrolment', async () => {
    const demo = await h.token(DEMO.login, DEMO.password);
    const login = `fator.primeiro.${process.pid}`;
    const email = `${login}@exemplo.com.br`;
    const created = await call(
      'POST',
      `${BASE}/`,
      demo,
      {
        login,
        numCelular: 912345678,
        nomeUsuario: 'Primeiro Acesso',
        numeroDocumento: freshCpf(),
        ddd: 11,
        ddi: 55,
        listaPerfis: ['ADMINISTRADOR'],
        email,
      },
      { cnpj: companyA.cnpj },
    );
    expect(created.statusCode, created.body).toBe(201);
    const temporary = /Senha temporária: (\S+)/.exec((await mailsTo(email)).at(-1)?.body ?? '')?.[1] as string;
    const first = await signIn(login, temporary);
    expect(first.json()).toMatchObject({ primeiroAcesso: true, segundoFator: 'NENHUM' });
    const token = first.json().token as string;
    const changed = await call('PUT', `${BASE}/primeiroacesso`, token, {
      login,
      novaSenha: 'MinhaSenhaNova2026',
      confirmarNovaSenha: 'MinhaSenhaNova2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', `${BASE}/sessao`, token)).json()).toMatchObject({
      segundoFator: 'CADASTRAR',
      companies: [],
    });
    expectRefusal(await call('GET', '/v1/corporate/companies', token), 403, 'SECOND_FACTOR_PENDING');
    expect((await session(login, 'MinhaSenhaNova2026')).step).toBe('CADASTRAR');
  });
});

describe('sign-in with a factor: VERIFICAR', () => {
  it('asks the code; a right one opens the companies; the same code again is a replay', async () => {
    const admin = await enrolled();
    nextStep();
    const pending = await session(admin.login);
    expect(pending).toMatchObject({ step: 'VERIFICAR', companies: [] });
    expect((await call('GET', `${BASE}/sessao`, pending.token)).json()).toMatchObject({ segundoFator: 'VERIFICAR' });
    expectRefusal(await call('GET', '/v1/corporate/companies', pending.token), 403, 'SECOND_FACTOR_PENDING');
    // No way round the code: a new enrolment is refused while one is in force.
    expectRefusal(await call('POST', FACTOR, pending.token), 409, 'SECOND_FACTOR_ALREADY_ENROLLED');

    const code = codeOf(admin.secret);
    const verified = await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      usuario: admin.name,
      segundoFator: 'NENHUM',
      companies: [expect.objectContaining({ cnpj: companyA.cnpj, perfil: 'ADMINISTRADOR' })],
    });
    expect((await call('GET', '/v1/corporate/companies', pending.token)).statusCode).toBe(200);
    const [success] = (await auditOf(admin.login, 'login.success')).slice(-1);
    expect(success?.after).toEqual({ metodo: 'totp' });

    // The same code, still within its step, in another session: refused, as a replay.
    const another = await session(admin.login);
    const replay = await call('POST', `${FACTOR}/verificacao`, another.token, { codigo: code });
    expectRefusal(replay, 400, 'SECOND_FACTOR_INVALID');
    // An earlier step's code, still inside the ±1 window, is a replay too.
    const earlier = codeOf(admin.secret, new Date(h.clock().getTime() - 30_000));
    expectRefusal(
      await call('POST', `${FACTOR}/verificacao`, another.token, { codigo: earlier }),
      400,
      'SECOND_FACTOR_INVALID',
    );
    // The next step's code goes through.
    nextStep();
    const next = await call('POST', `${FACTOR}/verificacao`, another.token, { codigo: codeOf(admin.secret) });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('two sessions racing with one code: exactly one passes', async () => {
    const admin = await enrolled();
    nextStep();
    const one = await session(admin.login);
    const two = await session(admin.login);
    const code = codeOf(admin.secret);
    const answered = await Promise.all(
      [one, two].map((s) => call('POST', `${FACTOR}/verificacao`, s.token, { codigo: code })),
    );
    expect(answered.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('a recovery code signs in once (any case, with or without the dash), then never again', async () => {
    const admin = await enrolled();
    const [code, other] = admin.codes as [string, string];
    const pending = await session(admin.login);
    const typed = code.replace('-', ' ').toLowerCase();
    const used = await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: typed });
    expect(used.statusCode, used.body).toBe(200);
    const [success] = (await auditOf(admin.login, 'login.success')).slice(-1);
    expect(success?.after).toEqual({ metodo: 'recovery' });
    expect((await call('GET', FACTOR, pending.token)).json()).toMatchObject({ codigosRecuperacaoRestantes: 9 });

    const again = await session(admin.login);
    expectRefusal(
      await call('POST', `${FACTOR}/verificacao`, again.token, { codigo: code }),
      400,
      'SECOND_FACTOR_INVALID',
    );
    expectRefusal(
      await call('POST', `${FACTOR}/verificacao`, again.token, { codigo: 'AAAAA-AAAAA' }),
      400,
      'SECOND_FACTOR_INVALID',
    );
    expect((await call('POST', `${FACTOR}/verificacao`, again.token, { codigo: other })).statusCode).toBe(200);
  });

  it('wrong codes spend the tries: the lock ends the session, refuses the right code and is e-mailed', async () => {
    const admin = await enrolled();
    nextStep();
    const pending = await session(admin.login);
    const wrong = wrongCodeOf(admin.secret);
    // The password took the first of the ten tries.
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) {
      expectRefusal(
        await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: wrong }),
        400,
        'SECOND_FACTOR_INVALID',
      );
    }
    expect((await userRow(admin.login)).lockedUntil).not.toBeNull();
    expect(await auditOf(admin.login, 'login.locked')).toHaveLength(1);
    expect(await auditOf(admin.login, 'second-factor.failure')).toHaveLength(MAX_FAILED_LOGINS - 1);
    expect((await mailsTo(admin.email)).at(-1)?.subject).toMatch(/bloqueado/);
    // The session ended with the lock, and every other one of the user's too.
    const right = await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: codeOf(admin.secret) });
    expect(right.statusCode).toBe(401);
    expect((await call('GET', FACTOR, admin.token)).statusCode).toBe(401);
    // Locked: the right password does not sign in either.
    expect((await signIn(admin.login, DEMO.password)).statusCode).toBe(401);
  });
});

describe('tries shared with the password', () => {
  it('a right password between wrong codes does not restart the count', async () => {
    const admin = await enrolled();
    const half = MAX_FAILED_LOGINS / 2;
    for (let round = 0; round < 2; round++) {
      nextStep();
      const pending = await session(admin.login);
      const wrong = wrongCodeOf(admin.secret);
      for (let i = 0; i < half - 1; i++) {
        const res = await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: wrong });
        expectRefusal(res, 400, 'SECOND_FACTOR_INVALID');
      }
    }
    // Two right passwords and eight wrong codes: the tenth try locked the login.
    expect((await userRow(admin.login)).lockedUntil).not.toBeNull();
    expect(await auditOf(admin.login, 'login.locked')).toHaveLength(1);
    expect((await signIn(admin.login, DEMO.password)).statusCode).toBe(401);
  });

  it('the code that completes a sign-in restarts the count', async () => {
    const admin = await enrolled();
    nextStep();
    const pending = await session(admin.login);
    expectRefusal(
      await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: wrongCodeOf(admin.secret) }),
      400,
      'SECOND_FACTOR_INVALID',
    );
    expect((await userRow(admin.login)).failedLogins).toBe(2);
    expect(
      (await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: codeOf(admin.secret) })).statusCode,
    ).toBe(200);
    expect((await userRow(admin.login)).failedLogins).toBe(0);
  });
});

describe('step-up', () => {
  it('after the window, the harmful calls are refused unchanged until a code; a wrong one spends a try', async () => {
    const admin = await enrolled();
    const target = await buildCard(h, companyA);
    const victim = await operator('CONSULTA');
    const token = await fullSession(admin.login, admin.secret);
    // Deactivated while the session is fresh: a deactivation is one of the harmful calls too (issue 25).
    await call('PUT', `${BASE}/status/${victim.document}`, token, { status: 'INATIVO' });
    h.clock.advance(STEP_UP_MAX_AGE_MS + 1_000);

    const newUser = {
      login: `fator.novo.${process.pid}`,
      numCelular: 912345678,
      nomeUsuario: 'Usuário Novo',
      numeroDocumento: freshCpf(),
      ddd: 11,
      ddi: 55,
      listaPerfis: ['CONSULTA'],
      email: 'fator.novo@exemplo.com.br',
    };
    const profileChange = {
      ddd: 11,
      ddi: 55,
      email: victim.email,
      nomeUsuario: victim.name,
      numeroCelular: 912345678,
      listaPerfis: ['GESTOR_CARTOES'],
    };
    // The session's first call after the window renews its idle expiry: made before anything is compared.
    expect((await call('GET', FACTOR, token)).statusCode).toBe(200);
    const before = await snapshotTables(h.handle.sql);
    const harmful = [
      () => call('POST', `${BASE}/`, token, newUser, { cnpj: companyA.cnpj }),
      () => call('DELETE', `${BASE}/${victim.document}`, token),
      () => call('PUT', `/v1/account/block/${target.account.id}`, token, { last4Digits: target.card.last4 }),
      () => call('PATCH', `${BASE}/${victim.document}`, token, profileChange),
      () => call('PUT', '/v0/portal/empresa/seguranca', token, { exigirSegundoFator: false }, { cnpj: companyA.cnpj }),
      () => call('POST', `${FACTOR}/codigos`, token),
    ];
    for (const attempt of harmful) {
      const res = await attempt();
      expectRefusal(res, 403, 'STEP_UP_REQUIRED');
      expect(res.json().message).toBe(m.stepUpRequired);
    }
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    // An edit that changes no profile is not one of them.
    const rename = await call('PATCH', `${BASE}/${victim.document}`, token, { ...profileChange, listaPerfis: [''] });
    expect(rename.statusCode, rename.body).toBe(200);

    const wrong = await call('POST', `${BASE}/confirmacao`, token, { codigo: wrongCodeOf(admin.secret) });
    expectRefusal(wrong, 400, 'STEP_UP_FAILED');
    expect(wrong.json().message).toBe(m.stepUpFailed);
    expect((await userRow(admin.login)).failedLogins).toBe(1);
    // With a factor, the password is not a proof (nor checked: no try spent).
    expectRefusal(await call('POST', `${BASE}/confirmacao`, token, { senha: DEMO.password }), 400, 'STEP_UP_FAILED');
    expect((await userRow(admin.login)).failedLogins).toBe(1);
    expect((await auditOf(admin.login, 'step-up.failure')).map((e) => e.after)).toEqual([
      { reason: 'wrong-code' },
      { reason: 'password-with-factor' },
    ]);

    nextStep();
    const right = await call('POST', `${BASE}/confirmacao`, token, { codigo: codeOf(admin.secret) });
    expect(right.statusCode, right.body).toBe(204);
    expect((await userRow(admin.login)).failedLogins).toBe(0);
    expect(await auditOf(admin.login, 'step-up.success')).toHaveLength(1);

    expect((await call('POST', `${BASE}/`, token, newUser, { cnpj: companyA.cnpj })).statusCode).toBe(201);
    expect((await call('DELETE', `${BASE}/${victim.document}`, token)).statusCode).toBe(200);
    const blocked = await call('PUT', `/v1/account/block/${target.account.id}`, token, {
      last4Digits: target.card.last4,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
  });

  it('an operator without a factor confirms with the password; a code is refused', async () => {
    const operatorToken = await h.token(DEMO.login, DEMO.password);
    const gestor = await operator('CONSULTA');
    h.clock.advance(STEP_UP_MAX_AGE_MS + 1_000);
    const change = {
      ddd: 11,
      ddi: 55,
      email: gestor.email,
      nomeUsuario: gestor.name,
      numeroCelular: 912345678,
      listaPerfis: ['GESTOR_CARTOES'],
    };
    expectRefusal(await call('PATCH', `${BASE}/${gestor.document}`, operatorToken, change), 403, 'STEP_UP_REQUIRED');
    const triesBefore = (await userRow(DEMO.login)).failedLogins;
    expectRefusal(
      await call('POST', `${BASE}/confirmacao`, operatorToken, { codigo: '123456' }),
      400,
      'STEP_UP_FAILED',
    );
    expectRefusal(
      await call('POST', `${BASE}/confirmacao`, operatorToken, { senha: 'Senha-Errada-2026' }),
      400,
      'STEP_UP_FAILED',
    );
    // Only the wrong password was checked, and spent a try.
    expect((await userRow(DEMO.login)).failedLogins).toBe(triesBefore + 1);
    const right = await call('POST', `${BASE}/confirmacao`, operatorToken, { senha: DEMO.password });
    expect(right.statusCode, right.body).toBe(204);
    const changed = await call('PATCH', `${BASE}/${gestor.document}`, operatorToken, change);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().usuario.perfis).toEqual(['GESTOR_CARTOES']);
  });
});

describe('step-up after the other refusals (decision 095)', () => {
  it('is asked only of a call the operator may make: not theirs is 404, a profile without it 403, first', async () => {
    const gestor = await operator('GESTOR_CARTOES');
    const consulta = await operator('CONSULTA');
    const victim = await operator('CONSULTA');
    const gestorSession = await session(gestor.login);
    const consultaSession = await session(consulta.login);
    expect([gestorSession.step, consultaSession.step]).toEqual(['NENHUM', 'NENHUM']);
    const admin = await enrolled();
    const adminToken = await fullSession(admin.login, admin.secret);
    const mine = await buildCard(h, companyA);
    const foreign = await buildCard(h, companyC);
    const foreignUser = other;
    const newUser = {
      login: `degrau.novo.${process.pid}`,
      numCelular: 912345678,
      nomeUsuario: 'Usuário Degrau',
      numeroDocumento: freshCpf(),
      ddd: 11,
      ddi: 55,
      listaPerfis: ['CONSULTA'],
      email: 'degrau.novo@exemplo.com.br',
    };
    const block = (token: string, target: typeof mine) =>
      call('PUT', `/v1/account/block/${target.account.id}`, token, { last4Digits: target.card.last4 });
    const security = (token: string, cnpj: string) =>
      call('PUT', '/v0/portal/empresa/seguranca', token, { exigirSegundoFator: true }, { cnpj });
    h.clock.advance(STEP_UP_MAX_AGE_MS + 1_000);
    // A read renews each session's idle time now, so the snapshot below sees only what the refused calls write.
    for (const token of [gestorSession.token, consultaSession.token, adminToken]) {
      expect((await call('GET', '/v1/corporate/companies', token)).statusCode).toBe(200);
    }
    const before = await snapshotTables(h.handle.sql);

    // A Gestor de cartões may not manage users: told so, not asked to confirm first.
    const gestorCalls = [
      () => call('DELETE', `${BASE}/${victim.document}`, gestorSession.token),
      () => call('POST', `${BASE}/`, gestorSession.token, newUser, { cnpj: companyA.cnpj }),
      () =>
        call('DELETE', `${BASE}/segundofator/${admin.document}`, gestorSession.token, undefined, {
          cnpj: companyA.cnpj,
        }),
      () => security(gestorSession.token, companyA.cnpj),
    ];
    for (const attempt of gestorCalls) expectRefusal(await attempt(), 403, 'PROFILE_FORBIDDEN');
    // A Consulta operator may not block a card.
    expectRefusal(await block(consultaSession.token, mine), 403, 'PROFILE_FORBIDDEN');
    // Another company's card, user and rule stay unknown to an Administrador, whose session owes a step-up.
    const foreignCalls = [
      () => block(adminToken, foreign),
      () => call('DELETE', `${BASE}/${foreignUser.document}`, adminToken),
      () => security(adminToken, companyC.cnpj),
      () => call('POST', `${BASE}/`, adminToken, newUser, { cnpj: companyC.cnpj }),
    ];
    for (const attempt of foreignCalls) {
      const res = await attempt();
      expect(res.statusCode, res.body).toBe(404);
    }
    // What it may do, it is asked to confirm.
    expectRefusal(await block(adminToken, mine), 403, 'STEP_UP_REQUIRED');
    expectRefusal(await security(adminToken, companyA.cnpj), 403, 'STEP_UP_REQUIRED');
    // A call it may make but that is refused for its own reason (an active user is not deleted) is told that first.
    expectRefusal(await call('DELETE', `${BASE}/${victim.document}`, adminToken), 409, 'USER_ACTIVE');
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
  });
});

describe('the company rule', () => {
  it('an Administrador switches it on: a Gestor of that company must enrol, one of another company need not', async () => {
    const demo = await h.token(DEMO.login, DEMO.password);
    const gestorA = await operator('GESTOR_CARTOES', companyA.cnpj);
    const gestorB = await operator('GESTOR_CARTOES', companyB.cnpj);
    const exemptGestor = await buildUser(h, {
      companies: [{ company: companyA, profile: 'GESTOR_CARTOES' }],
      password: DEMO.password,
    });
    expect((await session(gestorA.login)).step).toBe('NENHUM');
    const rule = () => call('GET', '/v0/portal/empresa/seguranca', demo, undefined, { cnpj: companyA.cnpj });
    expect((await rule()).json()).toEqual({ exigirSegundoFator: false });

    const on = await call(
      'PUT',
      '/v0/portal/empresa/seguranca',
      demo,
      { exigirSegundoFator: true },
      { cnpj: companyA.cnpj },
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ exigirSegundoFator: true });
    expect((await rule()).json()).toEqual({ exigirSegundoFator: true });
    const [event] = await auditOf(`empresa:${companyA.cnpj}`, 'company.security');
    expect(event).toMatchObject({ before: { exigirSegundoFator: false }, after: { exigirSegundoFator: true } });

    try {
      const pending = await session(gestorA.login);
      expect(pending.step).toBe('CADASTRAR');
      expect((await call('GET', FACTOR, pending.token)).json()).toMatchObject({ obrigatorio: true });
      expect((await session(gestorB.login)).step).toBe('NENHUM');
      // An exempt operator (as the demo's seeded ones are) stays exempt from the requirement.
      expect((await session(exemptGestor.login)).step).toBe('NENHUM');
      // A Gestor may not read or change the rule.
      const gestorToken = (await session(exemptGestor.login)).token;
      expectRefusal(
        await call('GET', '/v0/portal/empresa/seguranca', gestorToken, undefined, { cnpj: companyA.cnpj }),
        403,
        'PROFILE_FORBIDDEN',
      );
      // Another company's rule is not the operator's to read.
      expectRefusal(
        await call('GET', '/v0/portal/empresa/seguranca', demo, undefined, { cnpj: companyC.cnpj }),
        404,
        'COMPANY_NOT_FOUND',
      );
    } finally {
      const off = await call(
        'PUT',
        '/v0/portal/empresa/seguranca',
        demo,
        { exigirSegundoFator: false },
        {
          cnpj: companyA.cnpj,
        },
      );
      expect(off.statusCode).toBe(200);
    }
    expect((await session(gestorA.login)).step).toBe('NENHUM');
  });
});

describe('an Administrador resets a user’s factor', () => {
  it('refuses their own, another company’s user and a user without a factor; resets, ends sessions and mails', async () => {
    const demo = await h.token(DEMO.login, DEMO.password);
    const [demoRow] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, DEMO.login));
    const reset = (document: string, cnpj = companyA.cnpj) =>
      call('DELETE', `${FACTOR}/${document}`, demo, undefined, { cnpj });

    const own = await reset(demoRow?.document ?? '');
    expectRefusal(own, 403, 'FORBIDDEN');
    expect(own.json().message).toBe(m.ownReset);

    expectRefusal(await reset(other.document), 404, 'USER_NOT_FOUND');
    expectRefusal(await reset(other.document, companyC.cnpj), 404, 'COMPANY_NOT_FOUND');
    expectRefusal(await reset('123'), 404, 'USER_NOT_FOUND');

    const admin = await enrolled();
    const elsewhere = await fullSession(admin.login, admin.secret);
    const done = await reset(admin.document);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: m.reset });
    expect((await call('GET', FACTOR, admin.token)).statusCode).toBe(401);
    expect((await call('GET', FACTOR, elsewhere)).statusCode).toBe(401);
    const [event] = await auditOf(`usuario:${admin.login}`, 'second-factor.reset');
    expect(event).toMatchObject({ actorUserId: demoRow?.id });
    const mail = (await mailsTo(admin.email)).at(-1);
    expect(mail?.subject).toBe('Sua verificação em duas etapas no portal fidis foi redefinida');
    expect(mail?.body).toContain(`${demoRow?.name}, administrador(a) da sua empresa`);
    const rows = await h.db
      .select()
      .from(secondFactorRecoveryCodes)
      .where(eq(secondFactorRecoveryCodes.userId, (await userRow(admin.login)).id));
    expect(rows).toHaveLength(0);

    // The user enrols again at the next sign-in.
    expect((await session(admin.login)).step).toBe('CADASTRAR');
    expectRefusal(await reset(admin.document), 404, 'SECOND_FACTOR_NOT_ENROLLED');
  });
});

describe('a reset across companies', () => {
  it('is refused to an Administrador of one company of the user when another company of theirs is not administered', async () => {
    // adminA administers company A only; the target works for A and B (B administered by demo, not by adminA).
    const adminA = await enrolled('ADMINISTRADOR');
    const target = await enrolled('CONSULTA');
    await h.db.insert(userCompanies).values({ userId: (await userRow(target.login)).id, companyId: companyB.id });
    const token = adminA.token;

    const before = await snapshotTables(h.handle.sql);
    const res = await call('DELETE', `${FACTOR}/${target.document}`, token, undefined, { cnpj: companyA.cnpj });
    expectRefusal(res, 403, 'FORBIDDEN');
    expect(res.json().message).toBe(messages.users.sharedUser);
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    // The factor still stands: the target signs in with it.
    expect((await session(target.login)).step).toBe('VERIFICAR');

    // demo administers both companies: the same reset goes through.
    const demo = await h.token(DEMO.login, DEMO.password);
    const done = await call('DELETE', `${FACTOR}/${target.document}`, demo, undefined, { cnpj: companyA.cnpj });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('disabling and new recovery codes', () => {
  it('a required factor cannot be disabled; an optional one can, with a mail; new codes replace the old', async () => {
    const admin = await enrolled();
    const required = await call('DELETE', FACTOR, admin.token);
    expectRefusal(required, 403, 'SECOND_FACTOR_MANDATORY');

    // An exempt operator's own factor is optional.
    const user = await h.createUser({});
    const token = await h.token(user.login, user.password);
    const factor = await enrol(token);
    const renewed = await call('POST', `${FACTOR}/codigos`, token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = (renewed.json() as { codigosRecuperacao: string[] }).codigosRecuperacao;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(factor.codes[0]);
    expect(await auditOf(user.login, 'second-factor.recovery-codes')).toHaveLength(1);
    const pending = await session(user.login, user.password);
    expect(pending.step).toBe('VERIFICAR');
    const old = await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: factor.codes[0] as string });
    expectRefusal(old, 400, 'SECOND_FACTOR_INVALID');
    expect(
      (await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: fresh[0] as string })).statusCode,
    ).toBe(200);

    const off = await call('DELETE', FACTOR, token);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: m.disabled });
    expect((await mailsTo(`${user.login}@example.com`)).at(-1)?.subject).toBe(
      'Verificação em duas etapas desativada no portal fidis',
    );
    expect(await auditOf(user.login, 'second-factor.disabled')).toHaveLength(1);
    expectRefusal(await call('DELETE', FACTOR, token), 404, 'SECOND_FACTOR_NOT_ENROLLED');
    expect((await session(user.login, user.password)).step).toBe('NENHUM');
  });
});

describe('the demo’s exempt operators', () => {
  it('sign in with NENHUM though Administrador, and a factor they enrol is asked all the same', async () => {
    const demo = await session(DEMO.login);
    expect(demo.step).toBe('NENHUM');
    expect(demo.companies.length).toBeGreaterThan(0);
    expect((await call('GET', FACTOR, demo.token)).json()).toMatchObject({ cadastrado: false, obrigatorio: false });

    const user = await h.createUser({});
    expect((await session(user.login, user.password)).step).toBe('NENHUM');
  });
});

describe('the users list', () => {
  it('says who has a confirmed factor', async () => {
    const admin = await enrolled();
    const plain = await operator('CONSULTA');
    const demo = await h.token(DEMO.login, DEMO.password);
    const res = await call('GET', `${BASE}/todos?page=0&limit=100&direction=asc`, demo, undefined, {
      cnpj: companyA.cnpj,
    });
    const users = usersResponse.parse(res.json()).usuarios;
    expect(users.find((u) => u.login === admin.login)?.segundoFator).toBe(true);
    expect(users.find((u) => u.login === plain.login)?.segundoFator).toBe(false);
  });
});

describe('security e-mails', () => {
  it('a new browser is told only from the second one on, and only once per browser', async () => {
    const user = await h.createUser({});
    const to = `${user.login}@example.com`;
    const device = (id: string) => ({ 'x-fidis-device': id });
    const newDeviceMails = async () =>
      (await mailsTo(to)).filter((mail) => mail.subject === 'Nova entrada no portal fidis');

    await session(user.login, user.password);
    await session(user.login, user.password, device('navegador-1'));
    await session(user.login, user.password, device('navegador-1'));
    expect(await newDeviceMails()).toHaveLength(0);
    await session(user.login, user.password, { ...device('navegador-2'), 'x-forwarded-for': '203.0.113.9' });
    const mails = await newDeviceMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('navegador novo');
    await session(user.login, user.password, device('navegador-2'));
    expect(await newDeviceMails()).toHaveLength(1);

    const rows = await h.db
      .select({ hash: userDevices.deviceHash })
      .from(userDevices)
      .where(eq(userDevices.userId, (await userRow(user.login)).id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with a factor, the browser is remembered at the code, not at the password', async () => {
    const admin = await enrolled();
    const device = { 'x-fidis-device': 'navegador-do-codigo' };
    const before = (await mailsTo(admin.email)).length;
    // The first browser ever (the enrolment's session sent none).
    await fullSession(admin.login, admin.secret, device);
    nextStep();
    const pending = await session(admin.login, DEMO.password, { 'x-fidis-device': 'navegador-estranho' });
    expect((await mailsTo(admin.email)).length).toBe(before);
    const verified = await call(
      'POST',
      `${FACTOR}/verificacao`,
      pending.token,
      { codigo: codeOf(admin.secret) },
      {
        'x-fidis-device': 'navegador-estranho',
      },
    );
    expect(verified.statusCode).toBe(200);
    expect((await mailsTo(admin.email)).at(-1)?.subject).toBe('Nova entrada no portal fidis');
  });

  it('an e-mail change is told to the old and to the new address, and recorded', async () => {
    const user = await operator('CONSULTA');
    const demo = await h.token(DEMO.login, DEMO.password);
    const newEmail = `trocado.${user.login}@exemplo.com.br`;
    const res = await call('PATCH', `${BASE}/${user.document}`, demo, {
      ddd: 11,
      ddi: 55,
      email: newEmail,
      nomeUsuario: user.name,
      numeroCelular: 912345678,
      listaPerfis: [''],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const to of [user.email, newEmail]) {
      const mail = (await mailsTo(to)).at(-1);
      expect(mail?.subject, to).toBe('O e-mail do seu acesso ao portal fidis foi alterado');
      expect(mail?.body).toContain(`de ${user.email} para ${newEmail}`);
    }
    const [event] = await auditOf(`usuario:${user.login}`, 'user.email-changed');
    expect(event).toMatchObject({ before: { email: user.email }, after: { email: newEmail } });
  });
});

describe('the secret', () => {
  it('never appears in an answer after its enrolment, nor in any log line', async () => {
    expect(secretsAnswered.length).toBeGreaterThan(3);
    for (const secret of secretsAnswered) {
      const carrying = answers.filter((body) => body.includes(secret));
      // Only the enrolment answer that issued it.
      expect(carrying, secret).toHaveLength(1);
      expect(logLines.join('\n'), secret).not.toContain(secret);
    }
    expect(logLines.join('\n')).toContain('security event');
  });

  it('is re-sealed by a master key rotation', async () => {
    const admin = await enrolled();
    const id = (await userRow(admin.login)).id;
    const current = MasterKey.fromBase64(TEST_MASTER_KEY);
    const next = MasterKey.generate();
    await rotateMasterKey(h.handle, current, next);
    const [row] = await h.db.select().from(secondFactors).where(eq(secondFactors.userId, id));
    expect(next.open(sealedLabel('second_factors', id), row?.secretSealed ?? '').toString()).toBe(admin.secret);
    // Put back, so the suite's app (which holds the old key) still opens every secret.
    await rotateMasterKey(h.handle, next, current);
    nextStep();
    const pending = await session(admin.login);
    const verified = await call('POST', `${FACTOR}/verificacao`, pending.token, { codigo: codeOf(admin.secret) });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});
