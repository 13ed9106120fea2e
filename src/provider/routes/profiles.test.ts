// Profiles (issue 16, decision 087) on the provider: the profile on the wire (login, session, user list), the
// profile set by the user forms, the rules around it (nobody changes their own profile, a company keeps an active
// Administrador), the permission judged in the company a call acts on, and the migration that made every existing
// user an Administrador. The endpoint × profile matrix is src/security/profile-matrix.test.ts.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '../../contracts/index.ts';
import { messages } from '../../contracts/messages.ts';
import { PROFILE_LABELS } from '../../contracts/profiles.ts';
import { loginResponse, usersResponse } from '../../contracts/schemas.ts';
import { changedTables, snapshotTables } from '../../security/snapshot.ts';
import { auditLog, portalUsers, userCompanies } from '../db/schema.ts';
import { userScope } from '../http/scope/user.ts';
import type { Principal } from '../services/sessions.ts';
import { deleteUser, setUserStatus } from '../services/users/status.ts';
import { updateUser } from '../services/users/update.ts';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCard,
  buildCompany,
  buildUser,
  freshCpf,
  wordFor,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, freshDatabase, type Harness } from '../test/harness.ts';

const BASE = '/v0/portal/usuario';

let h: Harness;
let demoToken: string;
/** Companies A and B, the demo operator's; in A a Gestor, a Consulta and another Administrador. */
let companyA: BuiltCompany;
let companyB: BuiltCompany;
let gestor: BuiltUser;
let consulta: BuiltUser;
let secondAdmin: BuiltUser;
let seq = 0;

beforeAll(async () => {
  h = await createHarness();
  companyA = await buildCompany(h, { members: [DEMO.login] });
  companyB = await buildCompany(h, { members: [DEMO.login] });
  await buildCard(h, companyB);
  const inA = (profile: 'ADMINISTRADOR' | 'GESTOR_CARTOES' | 'CONSULTA') =>
    buildUser(h, { companies: [{ company: companyA, profile }], password: DEMO.password });
  gestor = await inA('GESTOR_CARTOES');
  consulta = await inA('CONSULTA');
  secondAdmin = await inA('ADMINISTRADOR');
  demoToken = await h.token(DEMO.login, DEMO.password);
});
afterAll(() => h.close());

function newUser(listaPerfis: string[]) {
  seq += 1;
  return {
    login: `perfil.usuario${seq}`,
    numCelular: 912345678,
    nomeUsuario: `Usuário Perfil ${wordFor(seq)}`,
    numeroDocumento: freshCpf(),
    ddd: 11,
    ddi: 55,
    listaPerfis,
    email: `perfil.usuario${seq}@exemplo.com.br`,
  };
}

const create = (payload: object, token = demoToken, cnpj = companyA.cnpj) =>
  h.app.inject({ method: 'POST', url: `${BASE}/`, headers: { ...bearer(token), cnpj }, payload });
const patch = (document: string, listaPerfis: string[], token = demoToken, name = 'Nome Mantido') =>
  h.app.inject({
    method: 'PATCH',
    url: `${BASE}/${document}`,
    headers: bearer(token),
    payload: {
      ddd: 11,
      ddi: 55,
      email: 'mantido@exemplo.com.br',
      nomeUsuario: name,
      numeroCelular: 912345678,
      listaPerfis,
    },
  });

async function list(cnpj: string, token = demoToken) {
  const res = await h.app.inject({
    method: 'GET',
    url: `${BASE}/todos?page=0&limit=100&direction=asc`,
    headers: { ...bearer(token), cnpj },
  });
  expect(res.statusCode, res.body).toBe(200);
  return usersResponse.parse(res.json()).usuarios;
}

async function profileOf(login: string, companyId?: number) {
  const rows = await h.db
    .select({ profile: userCompanies.profile, companyId: userCompanies.companyId })
    .from(userCompanies)
    .innerJoin(portalUsers, eq(portalUsers.id, userCompanies.userId))
    .where(eq(portalUsers.login, login))
    .orderBy(asc(userCompanies.companyId));
  return companyId === undefined ? rows.map((r) => r.profile) : rows.find((r) => r.companyId === companyId)?.profile;
}

async function userOf(login: string) {
  const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row;
}

/** A user created through the API in company A with this profile, signed in (first access skipped in the row). */
async function operator(profile: string) {
  const payload = newUser([profile]);
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  // This suite is about profiles: its operators sign in without a second factor, as the seeded ones do.
  h.exemptFromSecondFactor(payload.login);
  await h.db
    .update(portalUsers)
    .set({
      mustChangePassword: false,
      temporaryPasswordExpiresAt: null,
      passwordHash: (await userOf(DEMO.login)).passwordHash,
    })
    .where(eq(portalUsers.login, payload.login));
  return { ...payload, token: await h.token(payload.login, DEMO.password) };
}

describe('the profile on the wire', () => {
  it('login and session answer each company with the operator’s profile in it', async () => {
    for (const [login, perfil] of [
      [DEMO.login, 'ADMINISTRADOR'],
      [gestor.login, 'GESTOR_CARTOES'],
      [consulta.login, 'CONSULTA'],
    ] as const) {
      const signIn = await h.app.inject({
        method: 'POST',
        url: `${BASE}/login`,
        payload: { login, senha: DEMO.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const body = loginResponse.parse(signIn.json());
      expect(body.companies.length).toBeGreaterThan(0);
      for (const c of body.companies) expect(c.perfil, login).toBe(perfil);
      const session = await h.app.inject({ method: 'GET', url: `${BASE}/sessao`, headers: bearer(body.token) });
      expect(session.statusCode).toBe(200);
      expect(session.json().companies).toEqual(body.companies);
    }
  });

  it('the user list carries each user’s profile in the listed company', async () => {
    const users = await list(companyA.cnpj);
    const perfisOf = (login: string) => users.find((u) => u.login === login)?.perfis;
    expect(perfisOf(DEMO.login)).toEqual(['ADMINISTRADOR']);
    expect(perfisOf(gestor.login)).toEqual(['GESTOR_CARTOES']);
    expect(perfisOf(consulta.login)).toEqual(['CONSULTA']);
    expect(perfisOf(secondAdmin.login)).toEqual(['ADMINISTRADOR']);
  });

  it('the company list keeps its shape (no profile)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/corporate/companies', headers: bearer(demoToken) });
    for (const c of res.json().companies)
      expect(Object.keys(c).sort()).toEqual(['cnpj', 'corporateName', 'relationCode']);
  });
});

describe('setting a profile', () => {
  it('creates a user with the profile named in listaPerfis, and audits it', async () => {
    const payload = newUser(['GESTOR_CARTOES']);
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().usuario.perfis).toEqual(['GESTOR_CARTOES']);
    expect(await profileOf(payload.login)).toEqual(['GESTOR_CARTOES']);
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.target, `usuario:${payload.login}`)));
    expect(audit?.after).toMatchObject({ perfil: 'GESTOR_CARTOES' });
  });

  it('a create that names no profile (the spec’s one empty entry) gets Consulta, the least', async () => {
    const payload = newUser(['']);
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().usuario.perfis).toEqual(['CONSULTA']);
    expect(await profileOf(payload.login)).toEqual(['CONSULTA']);
  });

  it('refuses two different profiles with a pt-BR reason, creating nothing', async () => {
    const payload = newUser(['CONSULTA', 'ADMINISTRADOR']);
    const before = await snapshotTables(h.handle.sql);
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(messages.profiles.twoProfiles);
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
  });

  it('changes a user’s profile, audited with the profile before and after; no profile named keeps it', async () => {
    const payload = newUser(['CONSULTA']);
    expect((await create(payload)).statusCode).toBe(201);
    const res = await patch(payload.numeroDocumento, ['GESTOR_CARTOES']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().usuario.perfis).toEqual(['GESTOR_CARTOES']);
    expect(await profileOf(payload.login)).toEqual(['GESTOR_CARTOES']);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.target, `usuario:${payload.login}`)));
    expect(audits.at(-1)?.before).toMatchObject({ perfil: 'CONSULTA' });
    expect(audits.at(-1)?.after).toMatchObject({ perfil: 'GESTOR_CARTOES' });

    const kept = await patch(payload.numeroDocumento, [''], demoToken, 'Outro Nome');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().usuario.perfis).toEqual(['GESTOR_CARTOES']);
    expect(await profileOf(payload.login)).toEqual(['GESTOR_CARTOES']);
  });

  it('nobody changes their own profile: 403 with the reason, nothing changed', async () => {
    const me = await userOf(DEMO.login);
    const before = await snapshotTables(h.handle.sql);
    const res = await patch(me.document, ['CONSULTA']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_PROFILE', message: messages.profiles.ownProfile });
    expect(res.json().mensagemRetorno).toBe(messages.profiles.ownProfile);
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    // Their own data with their own profile named again is an ordinary edit.
    const same = await patch(me.document, ['ADMINISTRADOR'], demoToken, me.name);
    expect(same.statusCode, same.body).toBe(200);
    expect([await profileOf(DEMO.login, companyA.id), await profileOf(DEMO.login, companyB.id)]).toEqual([
      'ADMINISTRADOR',
      'ADMINISTRADOR',
    ]);
  });

  it('only a profile with users.manage sets profiles: a Gestor de cartões is refused, nothing changed', async () => {
    const gestorToken = await h.token(gestor.login, DEMO.password);
    const target = await userOf(consulta.login);
    const before = await snapshotTables(h.handle.sql);
    const res = await patch(target.document, ['ADMINISTRADOR'], gestorToken, target.name);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      messages.profiles.forbidden(PROFILE_LABELS.GESTOR_CARTOES, messages.profiles.missing['users.manage']),
    );
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    expect(await profileOf(consulta.login)).toEqual(['CONSULTA']);
  });
});

describe('the permission is judged in the company the call acts on', () => {
  it('an Administrador of one company who is Consulta in another reads both but changes only the first', async () => {
    const idB = companyB.id;
    const admin = await operator('ADMINISTRADOR');
    const adminId = (await userOf(admin.login)).id;
    await h.db.insert(userCompanies).values({ userId: adminId, companyId: idB, profile: 'CONSULTA' });

    // Reads in both.
    for (const c of [companyA, companyB]) {
      const res = await h.app.inject({
        method: 'GET',
        url: '/v1/corporate/accounts',
        headers: { ...bearer(admin.token), cnpj: c.cnpj, relationcode: c.relationCode },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The user list of B is refused (Consulta there), A's is answered.
    const inB = await h.app.inject({
      method: 'GET',
      url: `${BASE}/todos?page=0&limit=10&direction=asc`,
      headers: { ...bearer(admin.token), cnpj: companyB.cnpj },
    });
    expect(inB.statusCode).toBe(403);
    expect(inB.json().message).toBe(
      messages.profiles.forbidden(PROFILE_LABELS.CONSULTA, messages.profiles.missing['users.manage']),
    );
    expect((await list(companyA.cnpj, admin.token)).length).toBeGreaterThan(0);

    // A block of a card of company B is refused, nothing changed.
    const [card] = (
      await h.handle.sql.query<{ uuid: string; last4: string }>(
        `select a.id as uuid, c.last4 from accounts a join cards c on c.account_id = a.id and c.card_type = 'TITULAR'
          where a.company_id = $1 and c.status = 'Actived' and a.status_description = 'NORMAL' limit 1`,
        [idB],
      )
    ).rows;
    const before = await snapshotTables(h.handle.sql);
    const block = await h.app.inject({
      method: 'POST',
      url: buildPath('blockCard', { uuid: card?.uuid ?? '' }),
      headers: bearer(admin.token),
      payload: { descriptionOccurrence: 'Perda', last4digits: card?.last4, blockingReason: 'P' },
    });
    expect(block.statusCode, block.body).toBe(403);
    expect(block.json().code).toBe('PROFILE_FORBIDDEN');
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
  });

  it('another company stays unknown (404), not forbidden', async () => {
    const consultaToken = await h.token(consulta.login, DEMO.password);
    const otherCompany = await buildCompany(h);
    const res = await h.app.inject({
      method: 'GET',
      url: `${BASE}/todos?page=0&limit=10&direction=asc`,
      headers: { ...bearer(consultaToken), cnpj: otherCompany.cnpj },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('a company keeps an active Administrador', () => {
  /**
   * Through the API the last active Administrador cannot be reached by one call (the caller is one, and may not
   * change themself); the rule guards what a race or another path leaves. The services are called as such a path
   * would, on a company whose only other Administrador has just been deactivated.
   */
  it('refuses demoting, deactivating or deleting the last one with 409 and the reason, writing nothing', async () => {
    const last = await operator('ADMINISTRADOR');
    const other = await operator('ADMINISTRADOR');
    const lastRow = await userOf(last.login);
    const otherRow = await userOf(other.login);
    // Company A's other administrators stop being active ones: `other` is deactivated, the rest become Consulta.
    const idA = companyA.id;
    const admins = await h.db
      .select({ userId: userCompanies.userId })
      .from(userCompanies)
      .where(and(eq(userCompanies.companyId, idA), eq(userCompanies.profile, 'ADMINISTRADOR')));
    await h.db
      .update(userCompanies)
      .set({ profile: 'CONSULTA' })
      .where(and(eq(userCompanies.companyId, idA), eq(userCompanies.profile, 'ADMINISTRADOR')));
    await h.db
      .update(userCompanies)
      .set({ profile: 'ADMINISTRADOR' })
      .where(and(eq(userCompanies.companyId, idA), eq(userCompanies.userId, lastRow.id)));
    await h.db
      .update(userCompanies)
      .set({ profile: 'ADMINISTRADOR' })
      .where(and(eq(userCompanies.companyId, idA), eq(userCompanies.userId, otherRow.id)));
    await h.db.update(portalUsers).set({ status: 'INATIVO' }).where(eq(portalUsers.id, otherRow.id));

    // The services are handed the scope the scope step would find for `other` (still linked as Administrador).
    const actor = () =>
      userScope(h.db, { userId: otherRow.id } as Principal, { document: lastRow.document }, 'users.manage');
    const origin = { log: h.app.log, address: '203.0.113.7' };
    // The e-mail stays the same, so no notice is sent.
    const deps = { db: h.db, mailer: { send: async () => undefined } };
    const body = { ddd: 11, ddi: 55, email: lastRow.email, nomeUsuario: lastRow.name, numeroCelular: 912345678 };
    const attempts = [
      async () => updateUser(deps, await actor(), { ...body, listaPerfis: ['GESTOR_CARTOES'] }, h.clock(), origin),
      async () => setUserStatus(h.db, await actor(), 'INATIVO', h.clock(), origin),
    ];
    for (const attempt of attempts) {
      const before = await snapshotTables(h.handle.sql);
      await expect(attempt()).rejects.toMatchObject({
        status: 409,
        code: 'LAST_ADMINISTRATOR',
        message: messages.profiles.lastAdministrator,
      });
      expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    }
    // Deleting them is refused before that: an active user is deactivated first (the spec's refusal).
    const before = await snapshotTables(h.handle.sql);
    await expect(deleteUser(h.db, await actor(), h.clock(), origin)).rejects.toMatchObject({ code: 'USER_ACTIVE' });
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
    // With a second active Administrador again, the demotion goes through.
    await h.db.update(portalUsers).set({ status: 'ATIVO' }).where(eq(portalUsers.id, otherRow.id));
    await updateUser(deps, await actor(), { ...body, listaPerfis: ['GESTOR_CARTOES'] }, h.clock(), origin);
    expect(await profileOf(last.login, idA)).toBe('GESTOR_CARTOES');
    // The other tests find company A's administrators as they were.
    for (const a of admins) {
      await h.db
        .update(userCompanies)
        .set({ profile: 'ADMINISTRADOR' })
        .where(and(eq(userCompanies.companyId, idA), eq(userCompanies.userId, a.userId)));
    }
  });

  it('two Administradores demoting each other at once: one wins, the company keeps one', async () => {
    const x = await operator('ADMINISTRADOR');
    const y = await operator('ADMINISTRADOR');
    const idA = companyA.id;
    const [rx, ry] = await Promise.all([
      patch(y.numeroDocumento, ['CONSULTA'], x.token, y.nomeUsuario),
      patch(x.numeroDocumento, ['CONSULTA'], y.token, x.nomeUsuario),
    ]);
    const codes = [rx.statusCode, ry.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const profiles = [await profileOf(x.login, idA), await profileOf(y.login, idA)].sort();
    expect(profiles).toEqual(['ADMINISTRADOR', 'CONSULTA']);
  });
});

describe('migration 0012', () => {
  it('makes every user linked before it an Administrador', async () => {
    const { handle, drop } = await freshDatabase();
    try {
      const folder = fileURLToPath(new URL('../db/migrations/', import.meta.url));
      const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
      const apply = async (file: string) => {
        const text = await readFile(`${folder}${file}`, 'utf8');
        for (const statement of text.split('--> statement-breakpoint')) {
          if (statement.trim()) await handle.sql.query(statement);
        }
      };
      const before0012 = files.filter((f) => f < '0012');
      for (const f of before0012) await apply(f);
      await handle.sql.query(
        `insert into companies (cnpj, corporate_name, relation_code) values ('11222333000181', 'Empresa Antiga', '000999')`,
      );
      await handle.sql.query(
        `insert into portal_users (login, document, name, email, ddi, ddd, mobile, password_hash)
         values ('antigo', '52998224725', 'Operador Antigo', 'antigo@example.com', 55, 11, 912345678, 'x')`,
      );
      await handle.sql.query(
        `insert into user_companies (user_id, company_id)
         select u.id, c.id from portal_users u, companies c where u.login = 'antigo'`,
      );
      await apply(files.find((f) => f.startsWith('0012')) as string);
      const { rows } = await handle.sql.query<{ profile: string }>('select profile from user_companies');
      expect(rows).toEqual([{ profile: 'ADMINISTRADOR' }]);
      await expect(handle.sql.query(`update user_companies set profile = 'DONO'`)).rejects.toThrow();
    } finally {
      await handle.close();
      await drop();
    }
  });
});
