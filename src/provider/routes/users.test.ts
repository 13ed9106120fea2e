import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { type Company, type PortalUser, usersResponse } from '../../contracts/schemas.ts';
import { auditLog, companies, portalUsers, userCompanies, userSessions } from '../db/schema.ts';
import { companyScope } from '../http/scope/company.ts';
import type { Principal } from '../services/sessions.ts';
import { createUser } from '../services/users/create.ts';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCompany,
  buildUser,
  freshCpf,
  wordFor,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const BASE = '/v0/portal/usuario';
const LIST = `${BASE}/todos?page=0&limit=100&direction=asc`;

let h: Harness;
let demoToken: string;
let otherToken: string;
/** Companies A and B, the demo operator's (A with a team of three); company C, only `other`'s. */
let companyA: BuiltCompany;
let companyB: BuiltCompany;
let companyC: BuiltCompany;
let team: BuiltUser[];
let other: BuiltUser;
let seq = 0;

beforeAll(async () => {
  h = await createHarness();
  companyA = await buildCompany(h, { members: [DEMO.login] });
  companyB = await buildCompany(h, { members: [DEMO.login] });
  team = [];
  for (const profile of ['ADMINISTRADOR', 'GESTOR_CARTOES', 'CONSULTA'] as const) {
    team.push(await buildUser(h, { companies: [{ company: companyA, profile }] }));
  }
  other = await buildUser(h, { password: DEMO.password });
  companyC = await buildCompany(h, { members: [other.login] });
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(other.login, DEMO.password);
});
afterAll(() => h.close());

/** A fresh, valid create-user payload with its own login and CPF. */
function newUser(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    login: `novo.usuario${seq}`,
    numCelular: 912345678,
    nomeUsuario: `Usuário Novo ${wordFor(seq)}`,
    numeroDocumento: freshCpf(),
    ddd: 11,
    ddi: 55,
    listaPerfis: [''],
    email: `novo.usuario${seq}@exemplo.com.br`,
    ...overrides,
  };
}

const create = (payload: object, token = demoToken, cnpj: string | null = companyA.cnpj) =>
  h.app.inject({
    method: 'POST',
    url: `${BASE}/`,
    headers: { ...bearer(token), ...(cnpj ? { cnpj } : {}) },
    payload,
  });

async function list(token = demoToken, cnpj?: string, query = 'page=0&limit=100&direction=asc') {
  const res = await h.app.inject({
    method: 'GET',
    url: `${BASE}/todos?${query}`,
    headers: { ...bearer(token), ...(cnpj ? { cnpj } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return usersResponse.parse(res.json()).usuarios;
}

const patch = (document: string, payload: object, token = demoToken) =>
  h.app.inject({ method: 'PATCH', url: `${BASE}/${document}`, headers: bearer(token), payload });
const putStatus = (document: string, status: string, token = demoToken) =>
  h.app.inject({ method: 'PUT', url: `${BASE}/status/${document}`, headers: bearer(token), payload: { status } });
/** As the portal sends it: a JSON content type and no body. */
const remove = (document: string, token = demoToken) =>
  h.app.inject({
    method: 'DELETE',
    url: `${BASE}/${document}`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
  });

async function created(overrides: Record<string, unknown> = {}, cnpj = companyA.cnpj) {
  const payload = newUser(overrides);
  const res = await create(payload, demoToken, cnpj);
  expect(res.statusCode, res.body).toBe(201);
  return payload;
}

async function userRow(document: string) {
  const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.document, document));
  return row;
}

async function auditOf(target: string) {
  return h.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));
}

async function demoId() {
  const [row] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, DEMO.login));
  return row?.id as string;
}

const update = (u: { nomeUsuario: string; email: string }, changes: object = {}) => ({
  ddd: 21,
  ddi: 55,
  email: u.email,
  nomeUsuario: u.nomeUsuario,
  numeroCelular: 987654321,
  listaPerfis: [''],
  ...changes,
});

describe('POST /v0/portal/usuario/', () => {
  it('creates the user in the chosen company, mails a temporary password and audits it', async () => {
    const payload = newUser({ login: 'Maria.Nova', email: 'maria.nova@exemplo.com.br' });
    const res = await create(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().mensagemRetorno).toBe(messages.users.created);
    expect(res.json().usuario).toMatchObject({
      login: 'maria.nova',
      nomeUsuario: payload.nomeUsuario,
      numeroDocumento: payload.numeroDocumento,
      status: 'ATIVO',
    });

    // Linked to the chosen company only.
    const row = await userRow(payload.numeroDocumento);
    const links = await h.db
      .select({ cnpj: companies.cnpj })
      .from(userCompanies)
      .innerJoin(companies, eq(companies.id, userCompanies.companyId))
      .where(eq(userCompanies.userId, row?.id as string));
    expect(links).toEqual([{ cnpj: companyA.cnpj }]);
    expect(row?.mustChangePassword).toBe(true);

    // The temporary password arrives by e-mail and opens a first access, nothing more.
    const mail = await h.lastMailTo('maria.nova@exemplo.com.br');
    expect(mail?.subject).toBe('Seu acesso ao portal fidis');
    expect(mail?.body).toContain('Usuário: maria.nova');
    const temporary = /Senha temporária: (\S+)/.exec(mail?.body ?? '')?.[1] as string;
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    const login = await h.app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      payload: { login: 'maria.nova', senha: temporary },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().primeiroAcesso).toBe(true);
    expect(login.json().companies.map((c: Company) => c.cnpj)).toEqual([companyA.cnpj]);
    const blocked = await h.app.inject({ method: 'GET', url: LIST, headers: bearer(login.json().token) });
    expect(blocked.statusCode).toBe(403);

    const [audit] = await auditOf('usuario:maria.nova');
    expect(audit).toMatchObject({ actorUserId: await demoId(), action: 'user.create', before: null });
    expect(audit?.after).toMatchObject({
      login: 'maria.nova',
      numeroDocumento: payload.numeroDocumento,
      status: 'ATIVO',
    });
    expect(JSON.stringify(audit?.after)).not.toContain(temporary);
  });

  it('refuses a login already taken, in any letter case, with the reason and nothing written', async () => {
    const first = await created();
    const before = await h.db.select({ id: auditLog.id }).from(auditLog);
    const res = await create(newUser({ login: first.login.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'LOGIN_TAKEN',
      message: messages.users.loginTaken,
      mensagemRetorno: messages.users.loginTaken,
    });
    expect(await h.db.select({ id: auditLog.id }).from(auditLog)).toHaveLength(before.length);
  });

  it('refuses a document already taken, even by a user of another company', async () => {
    const payload = newUser({ numeroDocumento: other.document });
    const res = await create(payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().mensagemRetorno).toBe(messages.users.documentTaken);
    const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, payload.login));
    expect(row).toBeUndefined();
  });

  it('refuses a document whose check digits are wrong, a bad login and a bad body, each with a pt-BR reason', async () => {
    const badCpf = await create(newUser({ numeroDocumento: '12345678900' }));
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json().mensagemRetorno).toBe(messages.users.invalidDocument);

    const badLogin = await create(newUser({ login: 'joão silva' }));
    expect(badLogin.statusCode).toBe(400);
    expect(badLogin.json().mensagemRetorno).toBe(messages.users.invalidLogin);

    const badEmail = await create(newUser({ email: 'nao-e-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().mensagemRetorno).toMatch(/email/);
    expect(badEmail.json().message).toBe(badEmail.json().mensagemRetorno);

    const bigDdd = await create(newUser({ ddd: 1000 }));
    expect(bigDdd.statusCode).toBe(400);
    expect(bigDdd.json().mensagemRetorno).toMatch(/ddd/);
  });

  it('needs the chosen company, and only one of the operator’s', async () => {
    const payload = newUser();
    const none = await create(payload, demoToken, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().mensagemRetorno).toMatch(/cnpj/);
    const foreign = await create(payload, demoToken, companyC.cnpj);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().mensagemRetorno).toBe(messages.company.notFound);
    expect(await userRow(payload.numeroDocumento)).toBeUndefined();
  });

  it('needs a signed-in operator', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `${BASE}/`,
      headers: { cnpj: companyA.cnpj },
      payload: newUser(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('undoes the creation, on the record, when the temporary password cannot be mailed', async () => {
    const [demo] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, DEMO.login));
    const company = companyA;
    const payload = newUser();
    const failing = {
      async send() {
        throw new Error('smtp down');
      },
    };
    await expect(
      createUser(
        { db: h.db, mailer: failing },
        (await companyScope(h.db, { userId: demo?.id } as Principal, { cnpj: companyA.cnpj }, 'users.manage'))!,
        payload,
        h.clock(),
        { address: '203.0.113.9', log: { info() {} } },
      ),
    ).rejects.toMatchObject({ status: 503, code: 'USER_MAIL_FAILED', message: messages.users.mailFailure });
    expect(await userRow(payload.numeroDocumento)).toBeUndefined();
    const audits = await auditOf(`usuario:${payload.login}`);
    expect(audits.map((a) => a.action)).toEqual(['user.create', 'user.create.undone']);
    for (const a of audits) expect(a).toMatchObject({ companyId: company?.id, address: '203.0.113.9' });
  });
});

describe('GET /v0/portal/usuario/todos', () => {
  it('answers the chosen company’s users with the spec’s fields', async () => {
    const inB = await created({}, companyB.cnpj);
    const usersA = await list(demoToken, companyA.cnpj);
    const logins = usersA.map((u) => u.login);
    for (const member of team) expect(logins).toContain(member.login);
    expect(logins).toContain(DEMO.login);
    expect(logins).not.toContain(other.login);
    expect(logins).not.toContain(inB.login);

    const usersB = await list(demoToken, companyB.cnpj);
    expect(usersB.map((u) => u.login).sort()).toEqual([DEMO.login, inB.login].sort());
    const row = usersB.find((u) => u.login === inB.login) as PortalUser;
    expect(Object.keys(row).sort()).toEqual(
      [
        'ddd',
        'ddi',
        'email',
        'id',
        'login',
        'nomeUsuario',
        'numCelular',
        'numeroDocumento',
        'perfis',
        'status',
        'segundoFator',
      ].sort(),
    );
    expect(row).toMatchObject({
      nomeUsuario: inB.nomeUsuario,
      email: inB.email,
      numeroDocumento: inB.numeroDocumento,
      ddi: 55,
      ddd: 11,
      numCelular: 912345678,
      status: 'ATIVO',
      // Profiles (issue 16): a create that names no profile gets Consulta (decision 087).
      perfis: ['CONSULTA'],
    });
  });

  it('without the header lists every company of the operator, each user once', async () => {
    const all = await list(demoToken);
    const logins = all.map((u) => u.login);
    expect(new Set(logins).size).toBe(logins.length);
    expect(logins.filter((l) => l === DEMO.login)).toHaveLength(1);
    expect(logins).not.toContain(other.login);
  });

  it('sorts by name in the direction asked and pages by limit', async () => {
    const asc = await list(demoToken, companyA.cnpj);
    const names = asc.map((u) => u.nomeUsuario);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = await list(demoToken, companyA.cnpj, 'page=0&limit=100&direction=desc');
    expect(desc.map((u) => u.login)).toEqual(asc.map((u) => u.login).reverse());
    const second = await list(demoToken, companyA.cnpj, 'page=1&limit=2&direction=asc');
    expect(second.map((u) => u.login)).toEqual(asc.slice(2, 4).map((u) => u.login));
  });

  it('keeps other companies invisible', async () => {
    const mine = await list(otherToken);
    expect(mine.map((u) => u.login)).toEqual([other.login]);
    const res = await h.app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...bearer(otherToken), cnpj: companyA.cnpj },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagemRetorno).toBe(messages.company.notFound);
  });

  it('refuses a bad query with 400', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `${BASE}/todos?page=0&limit=1000&direction=asc`,
      headers: bearer(demoToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagemRetorno).toMatch(/limit/);
  });
});

describe('PATCH /v0/portal/usuario/{documentNumber}', () => {
  it('changes name, e-mail and phone, and audits before and after', async () => {
    const u = await created();
    const res = await patch(
      u.numeroDocumento,
      update(u, { nomeUsuario: 'Nome Alterado', email: 'alterado@exemplo.com.br', ddi: 1, ddd: 21 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().mensagemRetorno).toBe(messages.users.updated);
    const listed = (await list(demoToken, companyA.cnpj)).find((x) => x.numeroDocumento === u.numeroDocumento);
    expect(listed).toMatchObject({
      nomeUsuario: 'Nome Alterado',
      email: 'alterado@exemplo.com.br',
      ddi: 1,
      ddd: 21,
      numCelular: 987654321,
      status: 'ATIVO',
      login: u.login,
    });
    const audits = await auditOf(`usuario:${u.login}`);
    const last = audits.at(-1);
    expect(last).toMatchObject({ action: 'user.update', actorUserId: await demoId() });
    expect(last?.before).toMatchObject({ nomeUsuario: u.nomeUsuario, email: u.email, ddd: 11 });
    expect(last?.after).toMatchObject({ nomeUsuario: 'Nome Alterado', email: 'alterado@exemplo.com.br', ddd: 21 });
  });

  it('writes no audit row when nothing changed', async () => {
    const u = await created();
    const res = await patch(u.numeroDocumento, update(u, { ddd: 11, numeroCelular: 912345678 }));
    expect(res.statusCode).toBe(200);
    expect((await auditOf(`usuario:${u.login}`)).map((a) => a.action)).toEqual(['user.create']);
  });

  it('takes back a stored 3-digit DDI/DDD the edit form did not touch, and refuses a code above 3 digits', async () => {
    const u = await created();
    const kept = await patch(u.numeroDocumento, update(u, { ddi: 351, ddd: 213 }));
    expect(kept.statusCode).toBe(200);
    expect(await userRow(u.numeroDocumento)).toMatchObject({ ddi: 351, ddd: 213 });
    const res = await patch(u.numeroDocumento, update(u, { ddd: 1000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagemRetorno).toMatch(/ddd/);
    expect((await userRow(u.numeroDocumento))?.ddd).toBe(213);
  });

  it('validates the body (an invalid e-mail leaves the user as it was)', async () => {
    const u = await created();
    const email = await patch(u.numeroDocumento, update(u, { email: 'x@' }));
    expect(email.statusCode).toBe(400);
    expect((await userRow(u.numeroDocumento))?.ddd).toBe(11);
  });

  it('answers 404 for an unknown or malformed document', async () => {
    const u = newUser();
    expect((await patch(u.numeroDocumento, update(u))).statusCode).toBe(404);
    const malformed = await patch('123', update(u));
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().mensagemRetorno).toBe(messages.users.notFound);
  });
});

describe('PUT /v0/portal/usuario/status/{documentNumber}', () => {
  it('deactivates: the user’s sessions end at once and sign-in is refused; reactivating lets them back', async () => {
    const u = await created();
    const temporary = /Senha temporária: (\S+)/.exec((await h.lastMailTo(u.email))?.body ?? '')?.[1] as string;
    const token = await h.token(u.login, temporary);
    const row = await userRow(u.numeroDocumento);

    const res = await putStatus(u.numeroDocumento, 'INATIVO');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mensagemRetorno: messages.users.statusUpdated, usuario: { status: 'INATIVO' } });
    const live = await h.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, row?.id as string)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const call = await h.app.inject({
      method: 'PUT',
      url: `${BASE}/primeiroacesso`,
      headers: bearer(token),
      payload: { login: u.login, novaSenha: 'UmaSenhaNova2026', confirmarNovaSenha: 'UmaSenhaNova2026' },
    });
    expect(call.statusCode).toBe(401);
    const signIn = await h.app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      payload: { login: u.login, senha: temporary },
    });
    expect(signIn.statusCode).toBe(401);

    expect((await putStatus(u.numeroDocumento, 'ATIVO')).statusCode).toBe(200);
    const again = await h.app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      payload: { login: u.login, senha: temporary },
    });
    expect(again.statusCode).toBe(200);

    const actions = (await auditOf(`usuario:${u.login}`)).map((a) => [a.action, a.before, a.after]);
    expect(actions.slice(1)).toEqual([
      ['user.deactivate', { status: 'ATIVO' }, { status: 'INATIVO' }],
      ['user.activate', { status: 'INATIVO' }, { status: 'ATIVO' }],
    ]);
  });

  it('refuses an operator deactivating themself', async () => {
    const me = await userRow((await list(demoToken)).find((u) => u.login === DEMO.login)?.numeroDocumento as string);
    const res = await putStatus(me?.document as string, 'INATIVO');
    expect(res.statusCode).toBe(403);
    expect(res.json().mensagemRetorno).toBe(messages.users.selfDeactivate);
    expect((await userRow(me?.document as string))?.status).toBe('ATIVO');
    expect((await list(demoToken)).length).toBeGreaterThan(0);
  });

  it('refuses a status outside ATIVO and INATIVO', async () => {
    const u = await created();
    const res = await putStatus(u.numeroDocumento, 'BLOQUEADO');
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagemRetorno).toMatch(/status/);
  });
});

describe('DELETE /v0/portal/usuario/{numeroDocumento}', () => {
  it('refuses an ATIVO user, then deletes once INATIVO and audits it', async () => {
    const u = await created();
    const active = await remove(u.numeroDocumento);
    expect(active.statusCode).toBe(409);
    expect(active.json()).toMatchObject({ code: 'USER_ACTIVE', mensagemRetorno: messages.users.deleteActive });
    expect(await userRow(u.numeroDocumento)).toBeDefined();

    expect((await putStatus(u.numeroDocumento, 'INATIVO')).statusCode).toBe(200);
    const res = await remove(u.numeroDocumento);
    expect(res.statusCode).toBe(200);
    expect(res.json().mensagemRetorno).toBe(messages.users.deleted);
    expect(await userRow(u.numeroDocumento)).toBeUndefined();
    expect((await list(demoToken)).map((x) => x.login)).not.toContain(u.login);
    const last = (await auditOf(`usuario:${u.login}`)).at(-1);
    expect(last).toMatchObject({ action: 'user.delete', actorUserId: await demoId(), after: null });
    expect(last?.before).toMatchObject({ login: u.login, status: 'INATIVO' });

    expect((await remove(u.numeroDocumento)).statusCode).toBe(404);
  });

  it('refuses an operator deleting themself', async () => {
    const document = (await list(demoToken)).find((u) => u.login === DEMO.login)?.numeroDocumento as string;
    const res = await remove(document);
    expect(res.statusCode).toBe(403);
    expect(res.json().mensagemRetorno).toBe(messages.users.selfDelete);
    expect(await userRow(document)).toBeDefined();
  });
});

describe('users of other companies', () => {
  it('are untouchable: 404 for edit, status and delete, and nothing changes', async () => {
    const u = await created();
    await putStatus(u.numeroDocumento, 'INATIVO');
    const before = await userRow(u.numeroDocumento);
    const auditsBefore = await auditOf(`usuario:${u.login}`);

    const edit = await patch(u.numeroDocumento, update(u, { nomeUsuario: 'Invasor' }), otherToken);
    const status = await putStatus(u.numeroDocumento, 'ATIVO', otherToken);
    const del = await remove(u.numeroDocumento, otherToken);
    for (const res of [edit, status, del]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().mensagemRetorno).toBe(messages.users.notFound);
    }
    expect(await userRow(u.numeroDocumento)).toEqual(before);
    expect(await auditOf(`usuario:${u.login}`)).toEqual(auditsBefore);

    // And the other way round: the demo operator cannot reach the other company's operator.
    expect((await putStatus(other.document, 'INATIVO')).statusCode).toBe(404);
    expect((await userRow(other.document))?.status).toBe('ATIVO');
  });

  it('a user who also belongs to a company the operator does not act for is visible but not changeable', async () => {
    const u = await created();
    const row = await userRow(u.numeroDocumento);
    await h.db.insert(userCompanies).values({ userId: row?.id as string, companyId: companyC.id });

    expect((await list(demoToken, companyA.cnpj)).map((x) => x.login)).toContain(u.login);
    const res = await putStatus(u.numeroDocumento, 'INATIVO');
    expect(res.statusCode).toBe(403);
    expect(res.json().mensagemRetorno).toBe(messages.users.sharedUser);
    expect((await patch(u.numeroDocumento, update(u, { nomeUsuario: 'Outro Nome' }))).statusCode).toBe(403);
    expect(await userRow(u.numeroDocumento)).toMatchObject({ name: u.nomeUsuario, status: 'ATIVO' });
  });
});
