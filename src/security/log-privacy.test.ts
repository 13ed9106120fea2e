// What the logs keep of a working session: every line the BFF and the provider write while an operator signs in
// through the sealed proxy, looks up a holder by CPF, edits a portal user, sends a proposal and signs out, plus a
// CPF typed straight at the BFF. No line may carry an 11-digit CPF or the operator's bearer token (LGPD art. 46;
// PCI DSS 4.0.1 10.2.1.2 keeps logs free of what is not needed).
import { Writable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, endpoints, PROVIDER_HOSTS } from '../contracts/index.ts';
import { maskCpfs } from '../platform/log-redaction.ts';
import { DEMO } from '../provider/test/harness.ts';
import { SealedClient, type Stack, signIn, startStack } from './stack.ts';
import { AIM, buildTarget, buildTargetCompany, type Target } from './targets.ts';

const lines: string[] = [];
const logs = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let stack: Stack;
let client: SealedClient;
let target: Target;
const tokens: string[] = [];

async function send(name: EndpointName, token: string) {
  const aimed = AIM[name](target);
  const path = endpoints[name].path.replace(/\{(\w+)\}/g, (_, p: string) => aimed.params[p] ?? '');
  const query = aimed.query ? `?${new URLSearchParams(aimed.query).toString()}` : '';
  return client.call({
    method: endpoints[name].method,
    url: `${PROVIDER_HOSTS.prod[0]}${path}${query}`,
    headers: {
      Authorization: `Bearer ${token}`,
      environmentName: 'prd',
      systemName: endpoints[name].systemName ?? 'fidis',
      'Content-Type': 'application/json',
      org: '090',
      ...aimed.headers,
    },
    ...(aimed.body === undefined ? {} : { data: aimed.body }),
  });
}

beforeAll(async () => {
  stack = await startStack({ logs });
  target = await buildTarget(stack, await buildTargetCompany(stack, { members: [DEMO.login] }));
  client = new SealedClient(stack.bffUrl);
  await client.register();
  const login = await client.call({
    method: 'POST',
    url: `${PROVIDER_HOSTS.prod[0]}${endpoints.login.path}`,
    headers: { environmentName: 'prd', systemName: 'fidis', 'Content-Type': 'application/json', org: '090' },
    data: { login: DEMO.login, senha: DEMO.password },
  });
  expect(login.status).toBe(200);
  const token = await signIn(stack.providerUrl, DEMO.login, DEMO.password);
  tokens.push(token);
  for (const name of ['cardsByDocument', 'updateUser', 'updateUserStatus', 'proposal', 'logout'] as const) {
    const answer = await send(name, token);
    expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBeLessThan(500);
  }
  // A CPF typed at the BFF itself: refused there, and logged.
  await request(`${stack.bffUrl}/v1/cards/${target.account.cpf}`, { headers: { accept: 'application/json' } });
}, 120_000);
afterAll(() => stack?.close());

describe('access and request logs of the BFF and the provider', () => {
  it('were written, by both servers, for the paths that carry a CPF', () => {
    const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toContain('/proxy');
    expect(urls).toContain(`/v1/cards/${maskCpfs(target.account.cpf)}`);
    expect(urls.some((u) => u?.startsWith('/v0/portal/usuario/***.***.***-'))).toBe(true);
  });

  it('carry no 11-digit CPF and no bearer token', () => {
    const cpf = /(?<![\w.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\w)/;
    const leaks = lines.filter((l) => cpf.test(l) || tokens.some((t) => l.includes(t)) || /Bearer \S{20,}/.test(l));
    expect(leaks).toEqual([]);
  });
});

describe('maskCpfs', () => {
  it('keeps two digits of a CPF, bare or formatted, and leaves longer numbers and uuids alone', () => {
    expect(maskCpfs('/v1/cards/12345678901')).toBe('/v1/cards/***.***.***-01');
    expect(maskCpfs('/v1/cards/123.456.789-01?x=1')).toBe('/v1/cards/***.***.***-01?x=1');
    expect(maskCpfs('/v1/x/12345678000199')).toBe('/v1/x/12345678000199');
    // A uuid's last group can hold eleven digits after a hex letter: it is not a CPF (this flaked CI once).
    expect(maskCpfs('/v1/x/01a20e4e-bd9f-7708-addc-b10854979717')).toBe('/v1/x/01a20e4e-bd9f-7708-addc-b10854979717');
    expect(maskCpfs('/v1/cards/0190a1b2-c3d4-7e5f-8a9b-123456789012')).toBe(
      '/v1/cards/0190a1b2-c3d4-7e5f-8a9b-123456789012',
    );
  });
});
