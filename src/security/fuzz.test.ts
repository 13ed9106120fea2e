// Fuzz through the real /proxy, envelope included: for every endpoint of the catalogue, fast-check builds calls
// around a well-formed one (wrong types, huge and unicode strings, negative numbers, missing and extra fields,
// path traversal and SQL meta-characters in path parameters and headers) and a signed-in operator sends them
// sealed. Every out-of-range number at every numeric field is sent one by one in out-of-range.test.ts. No answer may be a 5xx; every refusal is a sealed 4xx with a pt-BR reason; a refused call writes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_HEADERS, type EndpointName, endpoints, PROVIDER_HOSTS } from '../contracts/index.ts';
import { DEMO } from '../provider/test/harness.ts';
import { isPortugueseReason } from './reasons.ts';
import { REFUSAL_WRITES } from './refusal-writes.ts';
import { changedTables, type Snapshot, snapshotTables } from './snapshot.ts';
import { type InnerRequest, SealedClient, type Stack, signIn, startStack } from './stack.ts';
import { AIM, type Aimed, buildTarget, buildTargetCompany, type Target } from './targets.ts';

// FUZZ_RUNS raises it for a longer hunt (`FUZZ_RUNS=300 npx vitest run src/security/fuzz.test.ts`).
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 25);
const BASE = PROVIDER_HOSTS.prod[0];

// ---- arbitraries -------------------------------------------------------------------------------------------

const NASTY = [
  "' OR '1'='1",
  "1'; DROP TABLE accounts; --",
  '"; select pg_sleep(1); --',
  '../../../etc/passwd',
  '..\\..\\windows',
  '/../',
  '%2e%2e%2f',
  '%00',
  '\u0000',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  '$' + '{jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'ação ñ ü ß',
  '\u202etxt.exe',
  '🙂'.repeat(30),
  '𝕏'.repeat(10),
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999',
  '9223372036854775808',
  ' ',
  '',
];

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 200, max: 20_000 }).map((n) => 'Ç'.repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(
    -1,
    0,
    -0,
    -0.01,
    1e-9,
    1e21,
    2 ** 53 + 1,
    2 ** 63,
    1e308,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

/** Printable ASCII: what the allowlist lets through to the provider as a header value. */
const printable = fc.oneof(
  fc.constantFrom(...NASTY.filter((s) => /^[\x20-\x7e]*$/.test(s))),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.stringMatching(/^\d{1,20}$/),
);

/** Well-formed path values the allowlist accepts, so the call reaches the provider with an unknown resource. */
const paramValue = (name: string): fc.Arbitrary<string> => {
  const shaped =
    name === 'uuid' ? fc.uuid() : name === 'cep' ? fc.stringMatching(/^\d{8}$/) : fc.stringMatching(/^\d{1,14}$/);
  return fc.oneof(shaped, hostileString, fc.constantFrom('..', '.', '', '%2e%2e', 'a/b', '?x=1', '#frag'));
};

/**
 * A value of the same shape as a well-formed one (digits for digits, a short code for a short code, text for
 * text, a number for a number), so the BFF's schema check often lets it through and the provider decides.
 */
function similar(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'number') {
    return fc.oneof(
      fc.integer({ min: -1, max: Math.max(10, value * 3) }),
      fc.double({ min: 0.001, max: Math.max(10, value * 3), noNaN: true }),
      fc.constantFrom(0.01, 0.005, 1e-7, 9_999_999_999_999, value + 0.001),
    );
  }
  if (typeof value !== 'string') return hostileValue;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  }
  if (/^\d+$/.test(value)) {
    const n = value.length;
    return fc.oneof(
      fc.stringMatching(new RegExp(`^\\d{${n}}$`)),
      fc.constant('0'.repeat(n)),
      fc.constant('9'.repeat(n)),
    );
  }
  if (/^[A-Z]{1,3}$/.test(value)) return fc.stringMatching(/^[A-Z]{1,3}$/);
  return fc.oneof(
    fc.constantFrom(...NASTY.filter((s) => s.trim() !== '')),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.max(4, value.length) }),
    fc.constant(value.toUpperCase()),
    fc.constant(` ${value} `),
  );
}

type Mutation =
  | { kind: 'body-set'; key: string; value: unknown }
  | { kind: 'body-drop'; key: string }
  | { kind: 'body-extra'; key: string; value: unknown }
  | { kind: 'body-replace'; value: unknown }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'header-set'; name: string; value: unknown }
  | { kind: 'header-drop'; name: string }
  | { kind: 'common-header'; name: string; value: unknown }
  | { kind: 'query'; key: string; value: string };

function mutations(name: EndpointName, aimed: Aimed): fc.Arbitrary<Mutation[]> {
  const endpoint = endpoints[name];
  const options: fc.Arbitrary<Mutation>[] = [];
  const bodyKeys =
    aimed.body && typeof aimed.body === 'object' ? Object.keys(aimed.body as Record<string, unknown>) : [];
  if (bodyKeys.length > 0) {
    const key = fc.constantFrom(...bodyKeys);
    const fields = aimed.body as Record<string, unknown>;
    options.push(
      fc.record({ kind: fc.constant('body-set' as const), key, value: hostileValue }),
      fc.record({ kind: fc.constant('body-drop' as const), key }),
      fc
        .constantFrom(...bodyKeys)
        .chain((k) => similar(fields[k]).map((value): Mutation => ({ kind: 'body-set', key: k, value }))),
      fc
        .constantFrom(...bodyKeys)
        .chain((k) => similar(fields[k]).map((value): Mutation => ({ kind: 'body-set', key: k, value }))),
    );
  }
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
    options.push(
      fc.record({
        kind: fc.constant('body-extra' as const),
        key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('id', 'companyId', 'userId', 'status', 'cnpj')),
        value: hostileValue,
      }),
    );
  }
  // A body on a GET or DELETE, and the common headers (bearer, environment, system, org) bent, for every endpoint.
  options.push(
    fc.record({ kind: fc.constant('body-replace' as const), value: hostileValue }),
    fc.record({
      kind: fc.constant('common-header' as const),
      name: fc.constantFrom('Authorization', 'environmentName', 'systemName', 'org', 'supplier', 'Content-Type'),
      value: fc.oneof(printable, hostileValue, fc.constantFrom('Bearer a.b.c', 'Bearer ', 'Basic ZGVtbzpkZW1v')),
    }),
  );
  const params = Object.keys(aimed.params);
  if (params.length > 0) {
    options.push(
      fc
        .constantFrom(...params)
        .chain((p) => paramValue(p).map((value): Mutation => ({ kind: 'param', name: p, value }))),
    );
  }
  const headers = [...endpoint.headers];
  const aimedHeaders = headers.filter((h) => aimed.headers[h] !== undefined);
  if (headers.length > 0) {
    const header = fc.constantFrom(...headers);
    options.push(
      fc.record({ kind: fc.constant('header-set' as const), name: header, value: fc.oneof(printable, hostileValue) }),
      fc.record({ kind: fc.constant('header-drop' as const), name: header }),
    );
  }
  if (aimedHeaders.length > 0) {
    options.push(
      fc
        .constantFrom(...aimedHeaders)
        .chain((h) => similar(aimed.headers[h]).map((value): Mutation => ({ kind: 'header-set', name: h, value }))),
    );
  }
  if (endpoint.query.length > 0) {
    options.push(
      fc.record({
        kind: fc.constant('query' as const),
        key: fc.constantFrom(...endpoint.query),
        value: fc.oneof(fc.stringMatching(/^-?\d{1,12}$/), fc.stringMatching(/^[A-Za-z0-9._~-]{0,20}$/)),
      }),
    );
  }
  // The unchanged call is in the mix too: the accepted path must not fail either.
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 9, arbitrary: fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 }) },
  );
}

/** The inner request the browser would seal, after applying the mutations to the well-formed call. */
function innerOf(name: EndpointName, aimed: Aimed, token: string, applied: Mutation[]): InnerRequest {
  const params = { ...aimed.params };
  const headers: Record<string, unknown> = { ...aimed.headers };
  const query: Record<string, string> = { ...(aimed.query ?? {}) };
  const common: Record<string, unknown> = {
    ...(endpoints[name].public ? {} : { Authorization: `Bearer ${token}` }),
    environmentName: 'prd',
    systemName: endpoints[name].systemName ?? 'fidis',
    'Content-Type': 'application/json',
    org: '090',
  };
  let body: unknown =
    aimed.body && typeof aimed.body === 'object' ? { ...(aimed.body as Record<string, unknown>) } : aimed.body;
  for (const m of applied) {
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    if (m.kind === 'body-set' && fields) fields[m.key] = m.value;
    else if (m.kind === 'body-drop' && fields) delete fields[m.key];
    else if (m.kind === 'body-extra' && fields)
      Object.defineProperty(fields, m.key, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (m.kind === 'body-replace') body = m.value;
    else if (m.kind === 'param') params[m.name] = m.value;
    else if (m.kind === 'header-set') headers[m.name] = m.value;
    else if (m.kind === 'header-drop') delete headers[m.name];
    else if (m.kind === 'common-header') common[m.name] = m.value;
    else if (m.kind === 'query') query[m.key] = m.value;
  }
  // Path values go in raw: encoding them would only make the allowlist refuse every one for its percent sign.
  const path = endpoints[name].path.replace(/\{(\w+)\}/g, (_, p: string) => params[p] ?? '');
  const search =
    Object.keys(query).length > 0
      ? `?${Object.entries(query)
          .map(([k, v]) => `${k}=${v}`)
          .join('&')}`
      : '';
  return {
    method: endpoints[name].method,
    url: `${BASE}${path}${search}`,
    headers: { ...common, ...headers },
    ...(body === undefined ? {} : { data: body }),
  };
}

// ---- the suite ---------------------------------------------------------------------------------------------

let stack: Stack;
let client: SealedClient;
let token: string;
let last: Snapshot | null = null;
let logoutToken: string | undefined;
const frozen = new Date();
const names = Object.keys(endpoints) as EndpointName[];
/** Each endpoint works on its own holder, so one endpoint's accepted changes do not decide another's answers. */
const targets: Target[] = [];

beforeAll(async () => {
  stack = await startStack({ clock: () => frozen });
  client = new SealedClient(stack.bffUrl);
  await client.register();
  token = await signIn(stack.providerUrl, DEMO.login, DEMO.password);
  // Read before any call: the fuzz may change or delete the very user and holders it aims at.
  // A company of the demo operator's, and in it a holder and a user for each endpoint.
  const company = await buildTargetCompany(stack, { members: [DEMO.login], reference: frozen });
  for (const _ of names) targets.push(await buildTarget(stack, company));
}, 120_000);
afterAll(() => stack?.close());

describe('every endpoint, fuzzed through the sealed proxy', () => {
  it('covers the whole catalogue and only headers the allowlist knows', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const aimed = AIM[name](placeholderTarget);
      for (const h of Object.keys(aimed.headers)) {
        expect([...COMMON_HEADERS, ...endpoints[name].headers], `${name} header ${h}`).toContain(h);
      }
    }
  });

  names.forEach((name, index) => {
    it(`${name}: no 5xx, sealed pt-BR refusals, refused calls write nothing`, async () => {
      const aimed = AIM[name](targets[index] as Target);
      const allowedWrites = REFUSAL_WRITES[name] ?? [];
      await fc.assert(
        fc.asyncProperty(mutations(name, aimed), async (applied) => {
          // Sign-out spends its session: after an accepted one the next call gets a fresh session.
          if (name === 'logout' && !logoutToken) {
            logoutToken = await signIn(stack.providerUrl, DEMO.login, DEMO.password);
            last = null;
          }
          const callToken = name === 'logout' ? (logoutToken as string) : token;
          const before = last ?? (await snapshotTables(stack.providerDb.sql, 'versions'));
          const answer = await client.call(innerOf(name, aimed, callToken, applied));
          if (name === 'logout' && answer.status === 204) logoutToken = undefined;
          const after = await snapshotTables(stack.providerDb.sql, 'versions');
          last = after;

          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          expect(answer.sealed || answer.status === 204).toBe(true);
          if (answer.status < 400) return;
          const reason = (answer.body as { message?: unknown } | null)?.message;
          expect(isPortugueseReason(reason), `reason ${JSON.stringify(answer.body)}`).toBe(true);
          const changed = changedTables(before, after).filter((c) => !allowedWrites.some((t) => c.startsWith(`${t} `)));
          expect(changed, `refused with ${answer.status} ${JSON.stringify(answer.body)}`).toEqual([]);
        }),
        { numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
      );
    });
  });
});

/** Only the shape of the aimed calls matters to the catalogue check, not real ids. */
const placeholderTarget: Target = {
  company: { id: 0, cnpj: '00000000000000', relationCode: '0', corporateName: '' },
  account: {
    uuid: crypto.randomUUID(),
    last4: '0000',
    cpf: '0',
    holderName: '',
    motherName: '',
    email: '',
    accountNumber: '0',
  },
  user: { document: '0', login: 'x', name: '', email: '' },
  dueDate: '2026-01-01',
  digitableLine: null,
};
