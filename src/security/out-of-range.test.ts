// Out-of-range numbers, sent to every numeric field of every endpoint through the real sealed /proxy: numbers in
// bodies (huge integers, 2^53+1, 1e308, negative zero, fractions where whole numbers are expected) and numbers
// written as digits in bodies, headers, query strings and paths (19 digits and more, past PostgreSQL's bigint).
// The random fuzz (fuzz.test.ts) rarely draws these exact edges; here each one is sent, one field at a time.
// No answer may be a 5xx; every refusal is a sealed 4xx with a pt-BR reason and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, endpoints, PROVIDER_HOSTS } from '../contracts/index.ts';
import { DEMO } from '../provider/test/harness.ts';
import { isPortugueseReason } from './reasons.ts';
import { REFUSAL_WRITES } from './refusal-writes.ts';
import { changedTables, snapshotTables } from './snapshot.ts';
import { type InnerRequest, SealedClient, type Stack, signIn, startStack } from './stack.ts';
import { AIM, type Aimed, buildTarget, buildTargetCompany } from './targets.ts';

/** JSON numbers a body may carry where the catalogue expects a number. */
const NUMBERS: readonly number[] = [
  1e21,
  2 ** 53 + 1,
  2 ** 63,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  -0,
  0.5,
  1.000001,
  -(2 ** 53),
];

/** Numbers written as digits: where the catalogue expects a numeric string (header, query, path, body text). */
const DIGIT_STRINGS: readonly string[] = [
  '9223372036854775807',
  '9223372036854775808',
  '9999999999999999999',
  '18446744073709551616',
  '9'.repeat(40),
  '9007199254740993',
  '1e308',
  '-0',
  '-1',
  '1.5',
  '0x10',
];

/** Headers and query keys that carry numbers even when the well-formed call leaves them empty. */
const NUMERIC_KEYS = new Set(['startaccount', 'page', 'limit', 'product', 'last4digits']);

interface Probe {
  where: 'body' | 'header' | 'query' | 'param';
  key: string;
  value: unknown;
}

const isDigits = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v);

function probesOf(aimed: Aimed, name: EndpointName): Probe[] {
  const probes: Probe[] = [];
  const body = aimed.body && typeof aimed.body === 'object' ? (aimed.body as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'number') for (const v of NUMBERS) probes.push({ where: 'body', key, value: v });
    if (isDigits(value)) for (const v of DIGIT_STRINGS) probes.push({ where: 'body', key, value: v });
  }
  for (const key of endpoints[name].headers) {
    if (NUMERIC_KEYS.has(key) || isDigits(aimed.headers[key]))
      for (const v of DIGIT_STRINGS) probes.push({ where: 'header', key, value: v });
  }
  for (const key of endpoints[name].query) {
    if (NUMERIC_KEYS.has(key)) for (const v of DIGIT_STRINGS) probes.push({ where: 'query', key, value: v });
  }
  for (const [key, value] of Object.entries(aimed.params)) {
    if (isDigits(value)) for (const v of DIGIT_STRINGS) probes.push({ where: 'param', key, value: v });
  }
  return probes;
}

function innerOf(name: EndpointName, aimed: Aimed, token: string, probe: Probe): InnerRequest {
  const endpoint = endpoints[name];
  const params = { ...aimed.params };
  const headers: Record<string, unknown> = { ...aimed.headers };
  const query: Record<string, string> = { ...(aimed.query ?? {}) };
  let body = aimed.body && typeof aimed.body === 'object' ? { ...(aimed.body as Record<string, unknown>) } : undefined;
  if (probe.where === 'body') body = { ...body, [probe.key]: probe.value };
  else if (probe.where === 'header') headers[probe.key] = probe.value;
  else if (probe.where === 'query') query[probe.key] = String(probe.value);
  else params[probe.key] = String(probe.value);
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(params[p] ?? ''));
  const search = Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return {
    method: endpoint.method,
    url: `${PROVIDER_HOSTS.prod[0]}${path}${search}`,
    headers: {
      ...(endpoint.public ? {} : { Authorization: `Bearer ${token}` }),
      environmentName: 'prd',
      systemName: endpoint.systemName ?? 'fidis',
      'Content-Type': 'application/json',
      org: '090',
      ...headers,
    },
    ...(body === undefined ? {} : { data: body }),
  };
}

let stack: Stack;
let client: SealedClient;
let token: string;
const frozen = new Date();
const names = (Object.keys(endpoints) as EndpointName[]).filter((n) => n !== 'logout');
const aims = new Map<EndpointName, Aimed>();

beforeAll(async () => {
  stack = await startStack({ clock: () => frozen });
  client = new SealedClient(stack.bffUrl);
  await client.register();
  token = await signIn(stack.providerUrl, DEMO.login, DEMO.password);
  // A company of the demo operator's, and in it a holder and a user for each endpoint.
  const company = await buildTargetCompany(stack, { members: [DEMO.login], reference: frozen });
  for (const name of names) aims.set(name, AIM[name](await buildTarget(stack, company)));
}, 120_000);
afterAll(() => stack?.close());

describe('out-of-range numbers in every numeric field', () => {
  it('the catalogue has numeric fields to probe', () => {
    const total = names.reduce((n, name) => n + probesOf(AIM[name](placeholder), name).length, 0);
    expect(total).toBeGreaterThan(100);
  });

  for (const name of names) {
    it(`${name}: a 4xx with a pt-BR reason, never a 5xx, nothing written when refused`, async () => {
      const aimed = aims.get(name) as Aimed;
      const allowed = REFUSAL_WRITES[name] ?? [];
      const failures: string[] = [];
      for (const probe of probesOf(aimed, name)) {
        const before = await snapshotTables(stack.providerDb.sql, 'versions');
        const answer = await client.call(innerOf(name, aimed, token, probe));
        const after = await snapshotTables(stack.providerDb.sql, 'versions');
        const label = `${probe.where} ${probe.key}=${JSON.stringify(probe.value)} → ${answer.status} ${JSON.stringify(answer.body)}`;
        if (answer.status >= 500) failures.push(label);
        else if (answer.status >= 400) {
          const reason = (answer.body as { message?: unknown } | null)?.message;
          if (!answer.sealed || !isPortugueseReason(reason)) failures.push(`unclear refusal: ${label}`);
          const changed = changedTables(before, after).filter((c) => !allowed.some((t) => c.startsWith(`${t} `)));
          if (changed.length > 0) failures.push(`refused but wrote ${changed.join(', ')}: ${label}`);
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }
});

/** Only the shape of the aimed calls matters when counting probes, not real ids. */
const placeholder = {
  company: { id: 0, cnpj: '00000000000000', relationCode: '0', corporateName: '' },
  account: {
    uuid: crypto.randomUUID(),
    last4: '0000',
    cpf: '00000000000',
    holderName: '',
    motherName: '',
    email: '',
    accountNumber: '0',
  },
  user: { document: '00000000000', login: 'x', name: '', email: '' },
  dueDate: '2026-01-01',
  digitableLine: null,
};
