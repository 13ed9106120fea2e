// The profile matrix (issue 16, decision 087), generated from the endpoint catalogue like the cross-company one:
// every endpoint × every profile, aimed at the operator's own company (the demo company, where `demo` is an
// Administrador, `gestor` a Gestor de cartões and `consulta` a Consulta). A call the profile may not make is 403
// PROFILE_FORBIDDEN with the pt-BR reason naming the profile and what it lacks, and changes no row of any table; a
// call it may make is never refused for the profile. For each endpoint the denied profiles go first, so an allowed
// call (a block, a deletion) cannot change what a denied one finds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, endpoints, messages } from '../contracts/index.ts';
import { can, ENDPOINT_PERMISSIONS, PROFILE_LABELS, PROFILES, type Profile } from '../contracts/profiles.ts';
import { PROFILE_OPERATORS } from '../provider/db/seed/seed.ts';
import { bearer, createHarness, DEMO, type Harness } from '../provider/test/harness.ts';
import { changedTables, snapshotTables } from './snapshot.ts';
import { AIM, loadTarget, requestOf, type Target } from './targets.ts';

/** The seeded operator of each profile in the demo company. */
const OPERATOR: Record<Profile, string> = {
  ADMINISTRADOR: DEMO.login,
  GESTOR_CARTOES: PROFILE_OPERATORS.find((o) => o.profile === 'GESTOR_CARTOES')?.login ?? '',
  CONSULTA: PROFILE_OPERATORS.find((o) => o.profile === 'CONSULTA')?.login ?? '',
};

/**
 * Endpoints the provider does not serve: the contract names them for the portal, and every profile gets the same
 * 404 (no handler runs, so there is nothing to judge), still checked for writes.
 */
const NOT_SERVED: Partial<Record<EndpointName, string>> = {
  createCompany:
    'Company registration is the platform’s, not the provider’s (spec section 7): no route serves it, so every profile gets 404.',
};

/** Denied profiles first, then the allowed ones, for every endpoint. */
const ORDER: readonly Profile[] = ['CONSULTA', 'GESTOR_CARTOES', 'ADMINISTRADOR'];

let h: Harness;
let target: Target;
const tokens: Partial<Record<Profile, string>> = {};

beforeAll(async () => {
  h = await createHarness();
  await h.handle.sql.query(`insert into cep_cache (cep, payload, fetched_at) values ('01310100', $1, $2)`, [
    JSON.stringify({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      complemento: '',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    }),
    h.clock().toISOString(),
  ]);
  target = await loadTarget(h.handle.sql, 'Transportadora', 'ana.souza');
  for (const profile of PROFILES) tokens[profile] = await h.token(OPERATOR[profile], DEMO.password);
});
afterAll(() => h.close());

it('seeds one operator of each profile in the demo company, signing in with the demo password', () => {
  for (const profile of PROFILES) expect(tokens[profile], profile).toBeTruthy();
});

it('has a permission for every endpoint of the catalogue, and nothing else', () => {
  expect(Object.keys(ENDPOINT_PERMISSIONS).sort()).toEqual(Object.keys(endpoints).sort());
});

describe.each(Object.keys(endpoints) as EndpointName[])('%s', (name) => {
  const permission = ENDPOINT_PERMISSIONS[name];
  for (const profile of [...ORDER].sort((a, b) => Number(allowed(a)) - Number(allowed(b)))) {
    const verdict = NOT_SERVED[name] ? 'not served' : allowed(profile) ? 'allowed' : 'denied';
    it(`${PROFILE_LABELS[profile]}: ${verdict}`, async () => {
      const endpoint = endpoints[name];
      const aimed = AIM[name](target);
      const req = requestOf(name, aimed);
      // Sign-out spends its session, so it gets one of its own.
      const token = name === 'logout' ? await h.token(OPERATOR[profile], DEMO.password) : (tokens[profile] as string);

      const before = await snapshotTables(h.handle.sql);
      const res = await h.app.inject({
        method: req.method,
        url: req.path,
        headers: { ...(endpoint.public ? {} : bearer(token)), ...req.headers },
        ...(aimed.body === undefined ? {} : { payload: aimed.body as object }),
      });
      const after = await snapshotTables(h.handle.sql);
      const body = (res.body ? res.json() : {}) as { code?: string; message?: string };

      if (NOT_SERVED[name]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(changedTables(before, after), `${name} changed rows`).toEqual([]);
      } else if (verdict === 'denied' && permission !== null) {
        expect(res.statusCode, res.body).toBe(403);
        expect(body.code).toBe('PROFILE_FORBIDDEN');
        expect(body.message).toBe(
          messages.profiles.forbidden(PROFILE_LABELS[profile], messages.profiles.missing[permission]),
        );
        expect(changedTables(before, after), `${name} changed rows`).toEqual([]);
      } else {
        expect(body.code, res.body).not.toBe('PROFILE_FORBIDDEN');
        // An endpoint that names no permission may still refuse for its own reason (first access of another login).
        if (permission !== null) expect(res.statusCode, res.body).not.toBe(403);
      }
    });
  }

  function allowed(profile: Profile): boolean {
    return permission === null || can(profile, permission);
  }
});
