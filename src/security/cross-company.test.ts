// The cross-company matrix, generated from the endpoint catalogue: for every endpoint, an operator who does not act
// for a company aims the call at that company's resources (its accounts, cards, holders, users, invoices, relation).
// The answer must be a refusal that carries none of the company's data, and no row of any table may change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../contracts/contract.ts';
import { type EndpointName, endpoints } from '../contracts/index.ts';
import { buildUser } from '../provider/test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../provider/test/harness.ts';
import { changedTables, snapshotTables } from './snapshot.ts';
import { AIM, buildTarget, buildTargetCompany, requestOf, secretsOf, type Target } from './targets.ts';

/**
 * How each endpoint must answer a foreign operator. `refused` is the rule; the other kinds are endpoints with
 * nothing of another company to aim at, documented here rather than skipped, and still checked for leaks and writes.
 */
type Expectation =
  | { kind: 'refused' }
  | { kind: 'own-scope'; status: number; why: string; mayChange?: string[] }
  | { kind: 'public'; why: string; mayChange?: string[] };

const refused = { kind: 'refused' } as const;

/**
 * The endpoints whose policy names no company (public, or the caller's own account): how each answers an operator of
 * another company, with why. Every other endpoint acts on a company, card or user its policy declares, so a foreign
 * operator is refused: that expectation is derived from the contract, not listed.
 */
const OWN_OR_PUBLIC: Partial<Record<EndpointName, Expectation>> = {
  login: {
    kind: 'public',
    why: 'Sign-in precedes any company: it names a login. Aimed at the target company’s user with a wrong password it is a plain 401; counting the failure towards the lockout and recording it as a security event (decision 075) are the intended writes.',
    mayChange: ['portal_users', 'audit_log', 'audit_chain'],
  },
  recoverPassword: {
    kind: 'public',
    why: 'Recovery precedes any company: a code for the target company’s user that was never issued is refused and writes nothing.',
  },
  firstAccess: {
    kind: 'own-scope',
    status: 403,
    why: 'A first access sets the caller’s own password: naming another company’s user is refused (FORBIDDEN) before anything is read or written.',
  },
  logout: {
    kind: 'own-scope',
    status: 204,
    why: 'Sign-out names no resource: it revokes the caller’s own session (the only session it changes) and no one else’s, and records the sign-out (decision 075).',
    mayChange: ['user_sessions', 'audit_log', 'audit_chain'],
  },
  session: {
    kind: 'own-scope',
    status: 200,
    why: 'The session read names no resource: it answers the caller’s own name and companies only.',
  },
  changePassword: {
    kind: 'own-scope',
    status: 400,
    why: 'A password change names no resource: it changes the caller’s own password, and with a wrong current password it only spends one of the caller’s own sign-in tries and records the failure (decision 075).',
    mayChange: ['portal_users', 'audit_log', 'audit_chain'],
  },
  companies: {
    kind: 'own-scope',
    status: 200,
    why: 'The company list takes no company: it answers the caller’s own companies only.',
  },
  exportDownload: {
    kind: 'own-scope',
    status: 400,
    why: 'CSV exports (issue 18.1): the download names no resource but a ticket the provider sealed for one operator session, and streams only to the BFF download route; asked for any other way it is EXPORT_DOWNLOAD_ONLY and writes nothing (decision 084; the ticket binding is tested in routes/exports.test.ts).',
  },
  cepLookup: {
    kind: 'own-scope',
    status: 200,
    why: 'Postal codes are public reference data, not a company’s: the lookup answers the address of a CEP and nothing else.',
  },
  // Second factor (issue 16, decision 091): the caller's own factor takes no company.
  secondFactorStatus: {
    kind: 'own-scope',
    status: 200,
    why: 'The factor’s status is the caller’s own: enrolled, required, recovery codes left.',
  },
  secondFactorEnroll: {
    kind: 'own-scope',
    status: 200,
    why: 'An enrolment is the caller’s own: it starts one for the caller (a sealed secret, not in force until confirmed).',
    mayChange: ['second_factors'],
  },
  secondFactorConfirm: {
    kind: 'own-scope',
    status: 400,
    why: 'The confirmation is of the caller’s own enrolment: a wrong code spends one of the caller’s sign-in tries and records the failure (decision 091).',
    mayChange: ['portal_users', 'audit_log', 'audit_chain'],
  },
  secondFactorVerify: {
    kind: 'own-scope',
    status: 404,
    why: 'The code is the caller’s own factor’s; a caller without a confirmed factor is told so, and nothing changes.',
  },
  secondFactorDisable: {
    kind: 'own-scope',
    status: 404,
    why: 'Disabling names the caller’s own factor; without a confirmed one it is SECOND_FACTOR_NOT_ENROLLED.',
  },
  secondFactorRecoveryCodes: {
    kind: 'own-scope',
    status: 404,
    why: 'Recovery codes are the caller’s own factor’s; without a confirmed one it is SECOND_FACTOR_NOT_ENROLLED.',
  },
  stepUp: {
    kind: 'own-scope',
    status: 400,
    why: 'A step-up proves the caller’s own identity: a code from a caller without a factor is refused and recorded as a failure (decision 091); a wrong proof would spend one of the caller’s own sign-in tries.',
    mayChange: ['portal_users', 'audit_log', 'audit_chain'],
  },
};

/** The operator of company C, built for the suite. */
const OTHER = 'operador.da.empresa.c';
let h: Harness;
const tokens: Record<string, string> = {};
const targets: Record<string, Target> = {};

beforeAll(async () => {
  h = await createHarness();
  // The CEP answer comes from the cache, so the lookup never leaves the machine.
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
  // Company A is the demo operator's; company C has an operator of its own, who acts for no other company.
  await buildUser(h, { login: OTHER, password: DEMO.password });
  targets.A = await buildTarget(h, await buildTargetCompany(h, { members: [DEMO.login] }));
  targets.C = await buildTarget(h, await buildTargetCompany(h, { members: [OTHER] }));
  tokens[DEMO.login] = await h.token(DEMO.login, DEMO.password);
  tokens[OTHER] = await h.token(OTHER, DEMO.password);
});
afterAll(() => h.close());

/** The operator of company C aims at company A; the operator of A aims at company C. */
const DIRECTIONS = [
  { attacker: OTHER, target: 'A', victim: DEMO.login },
  { attacker: DEMO.login, target: 'C', victim: OTHER },
] as const;

/**
 * Whether the call names no company of its own: public, the caller's own account, or a download that names only a
 * ticket sealed for the caller's session (its company was judged at the ticket).
 */
function namesNoCompany(name: EndpointName): boolean {
  const { scope, served } = contract[name].policy;
  if (served === false) return false;
  return scope.kind === 'public' || scope.kind === 'self' || (scope.kind === 'export' && scope.phase === 'download');
}

/** Refused, unless the policy names no company (a route the provider does not serve is refused as well, 404). */
const expectationOf = (name: EndpointName): Expectation | undefined =>
  namesNoCompany(name) ? OWN_OR_PUBLIC[name] : refused;

it('lists exactly the served endpoints whose policy names no company', () => {
  const namesNone = (Object.keys(endpoints) as EndpointName[]).filter(namesNoCompany);
  expect(Object.keys(OWN_OR_PUBLIC).sort()).toEqual(namesNone.sort());
});

describe.each(DIRECTIONS)('operator $attacker against company $target', ({ attacker, target, victim }) => {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const expectation = expectationOf(name);
    it(`${name}: ${expectation?.kind ?? 'no case'}`, async () => {
      if (!expectation) throw new Error(`endpoint ${name} names no company and has no case: add one to OWN_OR_PUBLIC`);
      const t = targets[target] as Target;
      const aimed = AIM[name](t);
      const req = requestOf(name, aimed);
      const endpoint = endpoints[name];
      // Sign-out spends its session, so it gets one of its own.
      const token = name === 'logout' ? await h.token(attacker, DEMO.password) : (tokens[attacker] as string);

      const before = await snapshotTables(h.handle.sql);
      const res = await h.app.inject({
        method: req.method,
        url: req.path,
        headers: { ...(endpoint.public ? {} : bearer(token)), ...req.headers },
        ...(aimed.body === undefined ? {} : { payload: aimed.body as object }),
      });
      const after = await snapshotTables(h.handle.sql);

      for (const secret of secretsOf(t)) expect(res.body, `${name} answered ${secret}`).not.toContain(secret);
      const changed = changedTables(before, after).filter(
        (c) => !(expectation.kind !== 'refused' && expectation.mayChange?.some((m) => c.startsWith(`${m} `))),
      );
      expect(changed, `${name} changed rows`).toEqual([]);

      if (expectation.kind === 'own-scope') {
        expect(res.statusCode, res.body).toBe(expectation.status);
      } else {
        // A foreign target is unknown (404) or forbidden (403); public calls answer as for a wrong credential.
        const allowed = expectation.kind === 'public' ? [400, 401, 404, 423] : [403, 404];
        expect(allowed, `${name} answered ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        const body = res.json() as { message?: unknown };
        expect(typeof body.message === 'string' && body.message.length > 0, res.body).toBe(true);
      }
      if (name === 'logout') {
        // The other company's operator is still signed in.
        const check = await h.app.inject({
          method: 'GET',
          url: endpoints.companies.path,
          headers: bearer(tokens[victim] as string),
        });
        expect(check.statusCode).toBe(200);
      }
    });
  }
});
