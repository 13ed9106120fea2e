// The authorization matrix, generated from the contract's policies (issue 25): every endpoint × every profile
// (Administrador `demo`, and a Gestor de cartões and a Consulta built for the suite, all of company A) × the operator's own
// company and another one × a fresh session and one whose last proof of identity is older than the step-up window.
// The expected answer is derived from the endpoint's declaration alone — not there or not theirs 404, a profile
// without the permission 403 PROFILE_FORBIDDEN, a stale session 403 STEP_UP_REQUIRED where the rule asks it — and
// sent through HTTP; a refused call changes no row of any table, an accepted one records what the policy says it
// audits, and a profile without personal.read never receives the target's full CPF unless the endpoint reveals it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../contracts/contract.ts';
import { EXPORT_POLICIES, type ExportKindName } from '../contracts/exports.ts';
import { type EndpointName, endpoints, messages } from '../contracts/index.ts';
import { type Policy, stepUpApplies } from '../contracts/policy.ts';
import { can, PROFILE_LABELS, PROFILES, type Profile } from '../contracts/profiles.ts';
import { STEP_UP_MAX_AGE_MS } from '../contracts/second-factor.ts';
import { buildUser } from '../provider/test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../provider/test/harness.ts';
import { REFUSAL_WRITES } from './refusal-writes.ts';
import { changedTables, snapshotTables } from './snapshot.ts';
import { AIM, type Aimed, buildTarget, buildTargetCompany, requestOf, type Target } from './targets.ts';

/** Company A's operator of each profile: the demo operator, and two built for the suite. */
const OPERATOR: Record<Profile, string> = {
  ADMINISTRADOR: DEMO.login,
  GESTOR_CARTOES: 'matriz.gestor',
  CONSULTA: 'matriz.consulta',
};
/** The operator of the other company (C), built for the suite. */
const FOREIGN_OPERATOR = 'matriz.outra.empresa';
/** Denied profiles first, so an accepted call (a block, a deletion) cannot change what a refused one finds. */
const ORDER: readonly Profile[] = ['CONSULTA', 'GESTOR_CARTOES', 'ADMINISTRADOR'];
const NAMES = Object.keys(endpoints).sort() as EndpointName[];

let h: Harness;
/** Each endpoint's own holder and user in company A, so one endpoint's accepted change never reaches another's. */
const own = new Map<EndpointName, Target>();
let foreign: Target;
const fresh: Partial<Record<Profile, string>> = {};
const stale: Partial<Record<Profile, string>> = {};

/** The policy that judges the aimed call: the endpoint's own, or for an export its kind's. */
function policyOf(name: EndpointName, aimed: Aimed): Policy {
  const declared: Policy = contract[name].policy;
  if (declared.scope.kind !== 'export') return declared;
  const kind = (aimed.body as { kind?: string } | undefined)?.kind ?? JSON.stringify(aimed.headers);
  if (declared.scope.phase === 'download') return { ...declared, stepUp: 'never' };
  return EXPORT_POLICIES[kind as ExportKindName];
}

/** The refusal of a call that names what is not the operator's (or not there), by the scope the policy declares. */
function notFoundOf(policy: Policy): string | null {
  const scope = policy.scope;
  switch (scope.kind) {
    case 'company':
    case 'card':
      return scope.notFound ?? (scope.kind === 'company' ? 'COMPANY_NOT_FOUND' : 'CARD_NOT_FOUND');
    case 'companies':
      return 'COMPANY_NOT_FOUND';
    case 'user':
      return scope.in ? 'COMPANY_NOT_FOUND' : 'USER_NOT_FOUND';
    default:
      return null;
  }
}

beforeAll(async () => {
  h = await createHarness();
  await h.handle.sql.query(`insert into cep_cache (cep, payload, fetched_at) values ('01310100', $1, $2)`, [
    JSON.stringify({
      cep: '01310100',
      logradouro: 'Av. Paulista',
      complemento: '',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    }),
    h.clock().toISOString(),
  ]);
  const a = await buildTargetCompany(h, { members: [DEMO.login] });
  for (const profile of ['GESTOR_CARTOES', 'CONSULTA'] as const) {
    await buildUser(h, {
      login: OPERATOR[profile],
      password: DEMO.password,
      companies: [{ company: a.company, profile }],
    });
  }
  // Each endpoint's own holder, and its own user (a Consulta of company A only) named after it.
  for (const name of NAMES) {
    own.set(name, await buildTarget(h, a, { login: `matriz.${name.toLowerCase()}`.slice(0, 60), profile: 'CONSULTA' }));
  }
  await buildUser(h, { login: FOREIGN_OPERATOR, password: DEMO.password });
  const c = await buildTargetCompany(h, { members: [FOREIGN_OPERATOR] });
  foreign = await buildTarget(h, c, { login: 'matriz.foreign', profile: 'CONSULTA' });
  // Stale sessions first, then the clock past the window, then fresh ones.
  for (const p of PROFILES) stale[p] = await h.token(OPERATOR[p], DEMO.password);
  h.clock.advance(STEP_UP_MAX_AGE_MS + 60_000);
  for (const p of PROFILES) fresh[p] = await h.token(OPERATOR[p], DEMO.password);
  // A stale session's first call renews its idle expiry (a write of the auth layer, not of the call): done here.
  for (const p of PROFILES) {
    await h.app.inject({ method: 'GET', url: endpoints.companies.path, headers: bearer(stale[p] as string) });
  }
});
afterAll(() => h.close());

async function send(name: EndpointName, aimed: Aimed, token: string) {
  const req = requestOf(name, aimed);
  const before = await snapshotTables(h.handle.sql, 'versions');
  const res = await h.app.inject({
    method: req.method,
    url: req.path,
    headers: { ...(endpoints[name].public ? {} : bearer(token)), ...req.headers },
    ...(aimed.body === undefined ? {} : { payload: aimed.body as object }),
  });
  const changed = changedTables(before, await snapshotTables(h.handle.sql, 'versions'));
  const body = (res.body ? JSON.parse(res.body) : {}) as { code?: string; message?: string };
  return { res, body, changed };
}

/** Tables a refusal of this endpoint may write on purpose (a wrong password spends a try, decision 075). */
const refusalMayWrite = (name: EndpointName, changed: string[]) =>
  changed.filter((c) => !(REFUSAL_WRITES[name] ?? []).some((t) => c.startsWith(`${t} `)));

it('every endpoint of the catalogue declares a policy, and every served one has a handler', () => {
  for (const name of NAMES) {
    const policy: Policy | undefined = contract[name].policy;
    expect(policy, name).toBeDefined();
    expect(policy.permission === null || Object.keys(messages.profiles.missing).includes(policy.permission)).toBe(true);
  }
});

describe.each(NAMES)('%s', (name) => {
  for (const profile of [...ORDER]) {
    for (const where of ['foreign', 'own'] as const) {
      for (const session of ['stale', 'fresh'] as const) {
        it(`${PROFILE_LABELS[profile]}, ${where === 'own' ? 'own company' : 'another company'}, ${session}`, async () => {
          const target = where === 'own' ? (own.get(name) as Target) : foreign;
          const aimed = AIM[name](target);
          const policy = policyOf(name, aimed);
          const notFound = notFoundOf(policy);
          // A call that names no company has no other company to aim at; a step-up rule that never applies has no
          // stale case distinct from the fresh one.
          if (where === 'foreign' && notFound === null) return;
          const stepUp = stepUpApplies(policy.stepUp, {
            body: aimed.body,
            target: { email: target.user.email, profiles: ['CONSULTA'] },
          });
          if (session === 'stale' && !stepUp) return;
          // Sign-out spends its session; the others share the profile's.
          const token =
            name === 'logout'
              ? await h.token(OPERATOR[profile], DEMO.password)
              : ((session === 'stale' ? stale : fresh)[profile] as string);
          const { res, body, changed } = await send(name, aimed, token);
          const refused = res.statusCode >= 400;

          if (policy.served === false) {
            expect(res.statusCode, res.body).toBe(404);
          } else if (where === 'foreign') {
            expect(res.statusCode, res.body).toBe(404);
            expect(body.code, res.body).toBe(notFound);
          } else if (policy.permission !== null && !can(profile, policy.permission)) {
            expect(res.statusCode, res.body).toBe(403);
            expect(body.code).toBe('PROFILE_FORBIDDEN');
            expect(body.message).toBe(
              messages.profiles.forbidden(PROFILE_LABELS[profile], messages.profiles.missing[policy.permission]),
            );
          } else if (session === 'stale') {
            // Asked for a proof only of a call the operator may make: its own refusals (an active user cannot be
            // deleted) come first, and anything else is STEP_UP_REQUIRED, with nothing done.
            expect(body.code, res.body).not.toBe('PROFILE_FORBIDDEN');
            if (body.code !== 'STEP_UP_REQUIRED') {
              expect(refused, `${name} went through with a stale session: ${res.body}`).toBe(true);
              const again = await send(name, aimed, fresh[profile] as string);
              expect(again.body.code, `the refusal before the step-up is the call's own: ${again.res.body}`).toBe(
                body.code,
              );
            } else {
              expect(res.statusCode).toBe(403);
            }
          } else {
            expect(body.code, res.body).not.toBe('PROFILE_FORBIDDEN');
            expect(body.code, res.body).not.toBe('STEP_UP_REQUIRED');
            if (notFound !== null) expect(body.code, res.body).not.toBe(notFound);
            // An accepted call that changed anything records it where its policy says it audits.
            const trail = policy.audits?.trail;
            const effect = changed.filter((c) => !c.startsWith(`${trail} `) && !c.startsWith('user_sessions '));
            if (!refused && trail && effect.length > 0) {
              expect(
                changed.some((c) => c.startsWith(`${trail} `)),
                `${name} wrote no ${trail} row`,
              ).toBe(true);
            }
            // A profile without personal.read never receives the target holder's full CPF, unless revealed in full.
            if (!refused && !can(profile, 'personal.read') && policy.reveals?.to !== 'in full') {
              expect(res.body, `${name} answered a full CPF to ${profile}`).not.toContain(target.account.cpf);
            }
          }
          if (refused) expect(refusalMayWrite(name, changed), `${name} refused but changed rows`).toEqual([]);
        });
      }
    }
  }
});

it('the foreign operator still reaches their own company after the whole matrix', async () => {
  const token = await h.token(FOREIGN_OPERATOR, DEMO.password);
  const res = await h.app.inject({ method: 'GET', url: endpoints.companies.path, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
});
