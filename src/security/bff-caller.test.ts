// The provider answers only its deployment's BFF (issue 29, decision 129): the portal's routes refuse a call without
// the BFF's key, or with another deployment's (a master key rotated), before any session is read; a real BFF in front
// of it carries the key on every call, so the portal works through it. /health and the card network's route keep
// their own rules. The provider's own start listens on loopback unless told otherwise.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBff } from '../bff/app.ts';
import { TestClient } from '../bff/test/client.ts';
import { messages } from '../contracts/messages.ts';
import { CALLER_KEY_HEADER, callerKeyMatches, callerKeyOf } from '../platform/caller-key.ts';
import { parseConfig, TEST_MASTER_KEY, testConfig } from '../platform/config.ts';
import { MasterKey } from '../platform/master-key.ts';
import { freshDatabase } from '../platform/test-database.ts';
import { buildProvider } from '../provider/app.ts';
import { createHarness, DEMO, type Harness } from '../provider/test/harness.ts';

const OTHER_MASTER_KEY = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString('base64');
const key = callerKeyOf(MasterKey.fromBase64(TEST_MASTER_KEY));

let h: Harness;
let provider: FastifyInstance;
let providerUrl: string;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  h = await createHarness();
  // A provider as `npm start` and `npm run start:provider` build it, on the harness's database.
  provider = buildProvider({ db: h.handle, config: testConfig(), requireCaller: true, publicRateLimit: false });
  providerUrl = await provider.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => provider.close());
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await h.close();
});

const signIn = (headers: Record<string, string> = {}) =>
  provider.inject({
    method: 'POST',
    url: '/v0/portal/usuario/login',
    headers,
    payload: { login: DEMO.login, senha: DEMO.password },
  });

describe('the provider’s portal routes', () => {
  it('refuse a call without the BFF’s key, with a wrong one, or with another deployment’s, before any sign-in', async () => {
    const otherDeployment = callerKeyOf(MasterKey.fromBase64(OTHER_MASTER_KEY));
    const wrong: Array<Record<string, string>> = [
      {},
      { [CALLER_KEY_HEADER]: 'x' },
      { [CALLER_KEY_HEADER]: otherDeployment },
    ];
    for (const headers of wrong) {
      const res = await signIn(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'CALLER_UNAUTHENTICATED',
        message: messages.generic.callerUnauthenticated,
      });
    }
    expect((await signIn({ [CALLER_KEY_HEADER]: key })).statusCode).toBe(200);
  });

  it('leave /health and the card network’s route to their own rules', async () => {
    expect((await provider.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const network = await provider.inject({ method: 'POST', url: '/v1/network/authorizations', payload: {} });
    expect(network.json()).toMatchObject({ code: 'NETWORK_UNAUTHENTICATED' });
  });

  it('work through a real BFF of the deployment, and not through one holding another master key', async () => {
    const build = async (masterKey: MasterKey) => {
      const data = await freshDatabase();
      const bff = await buildBff({
        config: testConfig(),
        masterKey,
        sql: data.handle.sql,
        upstreams: { prod: providerUrl, sandbox: providerUrl },
        logger: false,
      });
      closers.push(
        () => data.dispose(),
        () => bff.close(),
      );
      return bff;
    };
    const login = {
      method: 'POST',
      url: 'https://api.fidis.com.br/v0/portal/usuario/login',
      headers: {
        environmentName: 'prd',
        systemName: 'fidis',
        'Content-Type': 'application/json',
        supplier: 'orbitall',
        org: '090',
      },
      data: { login: DEMO.login, senha: DEMO.password },
    };
    const ours = new TestClient(await build(MasterKey.fromBase64(TEST_MASTER_KEY)));
    expect((await ours.register()).status).toBe(200);
    const answer = await ours.proxy(login);
    expect(answer.status).toBe(200);
    expect((answer.body as { usuario?: unknown }).usuario).toBeTruthy();

    const theirs = new TestClient(await build(MasterKey.fromBase64(OTHER_MASTER_KEY)));
    expect((await theirs.register()).status).toBe(200);
    const refused = await theirs.proxy(login);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'CALLER_UNAUTHENTICATED' });
    // Two BFFs of their own, each making its RSA key pair and its database: slow on a loaded machine.
  }, 120_000);
});

describe('the key', () => {
  it('is compared whole, whatever the lengths, and changes with the master key (secrets:rotate)', () => {
    expect(callerKeyMatches(key, key)).toBe(true);
    expect(callerKeyMatches(key, `${key}x`)).toBe(false);
    expect(callerKeyMatches(key, key.slice(0, -1))).toBe(false);
    expect(callerKeyMatches(key, undefined)).toBe(false);
    expect(callerKeyMatches(key, ['a', 'b'])).toBe(false);
    expect(callerKeyOf(MasterKey.fromBase64(OTHER_MASTER_KEY))).not.toBe(key);
  });

  it('the provider started alone listens on this machine only unless PROVIDER_HOST says otherwise', () => {
    expect(parseConfig({ NODE_ENV: 'test' }, { role: 'provider' }).PROVIDER_HOST).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'test', PROVIDER_HOST: '0.0.0.0' }, { role: 'provider' }).PROVIDER_HOST).toBe(
      '0.0.0.0',
    );
  });
});
