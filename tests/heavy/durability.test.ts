// Durability: a concurrent write load on the provider, kill -9 in the middle of it, a restart on the same data:
// every write the server acknowledged must be there, on the embedded PGlite and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contracts/endpoints.ts';
import { cpfFrom } from '../../src/provider/db/seed/seed.ts';
import { createDatabase } from './support/postgres.ts';
import { bffCallerHeaders, PROVIDER_READY, startTier, type Tier } from './support/tier.ts';

const DEMO_PASSWORD = 'Duravel-demo-2026';
const WORKERS = 6;
/** Acknowledged writes to collect before the kill; the workers keep writing, so some are in flight then. */
const ACKS_BEFORE_KILL = 60;
const USERS = '/v0/portal/usuario';
/** A user's name takes letters only (decision 128): the load's sequence number spelled with a letter per digit. */
const inLetters = (n: number) => [...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('');

interface Storage {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

const storages: Record<string, () => Promise<Storage>> = {
  PGlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fidis-durability-'));
    return { env: { DATA_DIR: dir }, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  PostgreSQL: async () => {
    const db = await createDatabase('durability');
    return { env: { DATABASE_URL: db.url }, dispose: () => db.drop() };
  },
};

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function call(base: string, method: string, path: string, token?: string, body?: unknown, cnpj?: string) {
  const res = await request(`${base}${path}`, {
    method: method as 'GET',
    headers: {
      'content-type': 'application/json',
      ...bffCallerHeaders,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cnpj ? { cnpj } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
}

async function signIn(base: string): Promise<{ token: string; cnpj: string }> {
  const res = await call(base, 'POST', endpoints.login.path, undefined, { login: 'demo', senha: DEMO_PASSWORD });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  // A company the demo operator administers: where it may create users.
  const company = (res.json.companies as { cnpj: string; perfil: string }[]).find((c) => c.perfil === 'ADMINISTRADOR');
  expect(company, JSON.stringify(res.json.companies)).toBeDefined();
  return { token: res.json.token, cnpj: company!.cnpj };
}

async function usersOf(base: string, token: string, cnpj: string): Promise<Map<string, { email: string }>> {
  const all = new Map<string, { email: string }>();
  for (let page = 0; ; page++) {
    const res = await call(base, 'GET', `${USERS}/todos?page=${page}&limit=100&direction=asc`, token, undefined, cnpj);
    expect(res.status).toBe(200);
    const users = res.json.usuarios as { login: string; email: string }[];
    for (const u of users) all.set(u.login, { email: u.email });
    if (users.length < 100) return all;
  }
}

describe.each(Object.keys(storages))('kill -9 under a write load, on %s', (kind) => {
  it('keeps every acknowledged write and opens cleanly after the restart', async () => {
    const storage = await storages[kind]!();
    cleanups.push(() => storage.dispose());
    const env = { ...storage.env, PROVIDER_PORT: '0', DEMO_PASSWORD };
    const start = async () => {
      const tier = await startTier(`provider on ${kind}`, 'start:provider', env, PROVIDER_READY);
      cleanups.push(() => tier.kill());
      return tier;
    };

    let provider: Tier = await start();
    const { token, cnpj } = await signIn(provider.url);

    // What the server acknowledged: each user created (login → e-mail) and each later e-mail change.
    const created = new Map<string, string>();
    const updated = new Map<string, string>();
    let acks = 0;
    let attempts = 0;
    let seq = 0;
    let killed = false;
    let reachedTarget!: () => void;
    const target = new Promise<void>((r) => {
      reachedTarget = r;
    });
    const ack = () => {
      acks++;
      if (acks >= ACKS_BEFORE_KILL) reachedTarget();
    };
    const worker = async () => {
      while (!killed) {
        const n = ++seq;
        const login = `carga.${n}`;
        const body = {
          login,
          numCelular: 912_340_000 + n,
          nomeUsuario: `Usuário Carga ${inLetters(n)}`,
          numeroDocumento: cpfFrom(String(200_000_000 + n)),
          ddd: 11,
          ddi: 55,
          listaPerfis: [''],
          email: `carga.${n}@exemplo.com.br`,
        };
        try {
          attempts++;
          const res = await call(provider.url, 'POST', `${USERS}/`, token, body, cnpj);
          if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.json)}`);
          created.set(login, body.email);
          ack();
          const email = `carga.${n}.novo@exemplo.com.br`;
          attempts++;
          const change = await call(provider.url, 'PATCH', `${USERS}/${body.numeroDocumento}`, token, {
            ddd: 21,
            ddi: 55,
            email,
            nomeUsuario: body.nomeUsuario,
            numeroCelular: body.numCelular,
            listaPerfis: [''],
          });
          if (change.status !== 200)
            throw new Error(`update answered ${change.status}: ${JSON.stringify(change.json)}`);
          updated.set(login, email);
          ack();
        } catch (err) {
          // Once the server is gone, a failed call is simply not acknowledged; before that it is a real failure.
          if (killed) return;
          throw err;
        }
      }
    };
    const load = Array.from({ length: WORKERS }, worker);
    const failed = Promise.race(load).then(() => undefined);
    await Promise.race([target, failed]);
    expect(acks, 'the load stopped before the kill').toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    killed = true;
    await provider.kill();
    await Promise.all(load);
    expect(attempts, 'some writes were in flight at the kill').toBeGreaterThan(acks);

    provider = await start();
    const after = await signIn(provider.url);
    const users = await usersOf(provider.url, after.token, after.cnpj);
    const missing = [...created.keys()].filter((login) => !users.has(login));
    expect(missing, 'acknowledged users lost').toEqual([]);
    const stale = [...updated].filter(([login, email]) => users.get(login)?.email !== email);
    expect(stale, 'acknowledged e-mail changes lost').toEqual([]);

    // The restarted server takes writes again.
    const res = await call(
      provider.url,
      'POST',
      `${USERS}/`,
      after.token,
      {
        login: 'depois.da.queda',
        numCelular: 912_345_678,
        nomeUsuario: 'Usuário Depois',
        numeroDocumento: cpfFrom('299999999'),
        ddd: 11,
        ddi: 55,
        listaPerfis: [''],
        email: 'depois.da.queda@exemplo.com.br',
      },
      after.cnpj,
    );
    expect(res.status).toBe(201);
    await provider.kill();
  });
});
