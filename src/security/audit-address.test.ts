// The address in the audit trail is the browser's, across both hops (decision 075): a load balancer in front of the
// BFF names the client in X-Forwarded-For, the BFF (trusting it) forwards its own view of the client to the provider,
// and the provider (trusting the BFF on loopback) records that. A client cannot name an address of its own choosing
// inside the sealed call: the allowlist refuses the header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, PROVIDER_HOSTS } from '../contracts/index.ts';
import { DEMO } from '../provider/test/harness.ts';
import { SealedClient, type Stack, startStack } from './stack.ts';

const BROWSER = '203.0.113.9';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ bffTrustProxy: '127.0.0.1' });
}, 120_000);
afterAll(() => stack?.close());

function login(client: SealedClient, senha: string, headers: Record<string, string> = {}) {
  return client.call({
    method: 'POST',
    url: `${PROVIDER_HOSTS.prod[0]}${endpoints.login.path}`,
    headers: {
      environmentName: 'prd',
      systemName: 'fidis',
      'Content-Type': 'application/json',
      org: '090',
      ...headers,
    },
    data: { login: DEMO.login, senha },
  });
}

async function auditRows(action: string) {
  const { rows } = await stack.providerDb.sql.query<{ address: string | null; actor_login: string | null }>(
    'select address, actor_login from audit_log where action = $1 order by id',
    [action],
  );
  return rows;
}

describe('the audit trail through the BFF', () => {
  it('records the browser address a trusted balancer names, for failures and successes alike', async () => {
    const client = new SealedClient(stack.bffUrl, { 'x-forwarded-for': BROWSER });
    await client.register();
    expect((await login(client, 'Senha-Errada-2026')).status).toBe(401);
    expect((await login(client, DEMO.password)).status).toBe(200);

    expect(await auditRows('login.failure')).toEqual([{ address: BROWSER, actor_login: DEMO.login }]);
    expect(await auditRows('login.success')).toEqual([{ address: BROWSER, actor_login: DEMO.login }]);
  });

  it('refuses a client that names the address inside the sealed call, and records nothing for it', async () => {
    const client = new SealedClient(stack.bffUrl);
    await client.register();
    const before = (await auditRows('login.success')).length;
    const answer = await login(client, DEMO.password, { 'x-forwarded-for': '198.51.100.1' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'HEADER_NOT_ALLOWED' });
    expect(await auditRows('login.success')).toHaveLength(before);
  });
});
