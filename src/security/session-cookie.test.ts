// The BFF as token handler (decision 040), against the real provider: the sign-in answer reaches the browser
// without the provider token, which comes back only as an HttpOnly cookie for /proxy, sealed for this device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBff } from '../bff/app.ts';
import { USER_SESSION_COOKIE } from '../bff/services/user-session.ts';
import { TestClient } from '../bff/test/client.ts';
import { testConfig } from '../platform/config.ts';
import { freshDatabase } from '../platform/test-database.ts';
import { createHarness, DEMO, type Harness } from '../provider/test/harness.ts';

const BASE = 'https://api.fidis.com.br';
const INNER = {
  environmentName: 'prd',
  systemName: 'fidis',
  'Content-Type': 'application/json',
  supplier: 'orbitall',
  org: '090',
};
const login = (senha: string = DEMO.password) => ({
  method: 'POST',
  url: `${BASE}/v0/portal/usuario/login`,
  headers: INNER,
  data: { login: DEMO.login, senha },
});
const companies = { method: 'GET', url: `${BASE}/v1/corporate/companies`, headers: INNER };
const logout = { method: 'POST', url: `${BASE}/v0/portal/usuario/logout`, headers: INNER };

let provider: Harness;
let bff: Awaited<ReturnType<typeof buildBff>>;
let disposeBffDb: () => Promise<void>;

beforeAll(async () => {
  provider = await createHarness();
  const providerUrl = await provider.app.listen({ host: '127.0.0.1', port: 0 });
  const data = await freshDatabase();
  disposeBffDb = data.dispose;
  bff = await buildBff({
    config: testConfig(),
    sql: data.handle.sql,
    upstreams: { prod: providerUrl, sandbox: providerUrl },
    logger: false,
  });
});
afterAll(async () => {
  await bff?.close();
  await provider?.close();
  await disposeBffDb?.();
});

/** The Set-Cookie lines of an answer for the session cookie. */
function sessionCookies(headers: Record<string, unknown>): string[] {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return lines.filter((l: string) => l.startsWith(`${USER_SESSION_COOKIE}=`));
}
const cookieValue = (line: string) => line.slice(USER_SESSION_COOKIE.length + 1).split(';')[0] ?? '';
const asCookie = (value: string) => ({ cookie: `${USER_SESSION_COOKIE}=${value}` });

async function signedInDevice() {
  const client = new TestClient(bff);
  expect((await client.register()).status).toBe(200);
  const answer = await client.proxy(login());
  expect(answer.status).toBe(200);
  const [line] = sessionCookies(answer.headers);
  expect(line).toBeDefined();
  return { client, answer, line: line as string, cookie: asCookie(cookieValue(line as string)) };
}

describe('the operator session cookie', () => {
  it('takes the provider token out of the sign-in answer and keeps it in an HttpOnly cookie for /proxy only', async () => {
    const { answer, line } = await signedInDevice();
    const body = answer.body as Record<string, unknown>;
    expect(body.usuario).toBeTruthy();
    expect(body.companies).toBeInstanceOf(Array);
    expect(body).not.toHaveProperty('token');
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\/proxy/i);
    expect(line).toMatch(/; Max-Age=43200/i);
    // Sealed by the BFF: the value is a JWE, not the provider's JWT (which would start with eyJ... and have 3 parts).
    expect(cookieValue(line).split('.')).toHaveLength(5);
  });

  it('lets the browser call the provider with the cookie alone, the bearer set by the BFF', async () => {
    const { client, cookie } = await signedInDevice();
    expect((await client.proxy(companies)).status).toBe(401);
    const answer = await client.proxy(companies, { headers: cookie });
    expect(answer.status).toBe(200);
    expect((answer.body as { companies: unknown[] }).companies.length).toBeGreaterThan(0);
  });

  it('keeps working after the device registers again (a reload): same device id, new session secrets', async () => {
    const { client, cookie } = await signedInDevice();
    client.cipherAES = 'A'.repeat(32);
    client.tokenAES = 'B'.repeat(32);
    expect((await client.register()).status).toBe(200);
    expect((await client.proxy(companies, { headers: cookie })).status).toBe(200);
  });

  it('is bound to the device: another device presenting it is not signed in, and the cookie is dropped', async () => {
    const { cookie } = await signedInDevice();
    const thief = new TestClient(bff);
    expect((await thief.register()).status).toBe(200);
    const answer = await thief.proxy(companies, { headers: cookie });
    expect(answer.status).toBe(401);
    expect(sessionCookies(answer.headers).some((l) => /Expires=Thu, 01 Jan 1970/i.test(l))).toBe(true);
  });

  it('refuses a tampered cookie', async () => {
    const { client, line } = await signedInDevice();
    const value = cookieValue(line);
    // The tag's second-to-last character carries six bits of it (the last one partly padding): replaced by another
    // character, never by itself, it always changes the tag.
    const at = value.length - 2;
    const flipped = value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1);
    expect(flipped).not.toBe(value);
    expect((await client.proxy(companies, { headers: asCookie(flipped) })).status).toBe(401);
  });

  it('sign-out revokes the provider session and clears the cookie; the old cookie opens nothing', async () => {
    const { client, cookie } = await signedInDevice();
    const out = await client.proxy(logout, { headers: cookie });
    expect(out.status).toBe(204);
    expect(sessionCookies(out.headers).some((l) => /Expires=Thu, 01 Jan 1970/i.test(l))).toBe(true);
    // A copy of the cookie kept elsewhere names a revoked session: the provider says 401 and the BFF drops it.
    const after = await client.proxy(companies, { headers: cookie });
    expect(after.status).toBe(401);
    expect(sessionCookies(after.headers).some((l) => /Expires=Thu, 01 Jan 1970/i.test(l))).toBe(true);
  });

  it('a failed sign-in sets no cookie', async () => {
    const client = new TestClient(bff);
    expect((await client.register()).status).toBe(200);
    const answer = await client.proxy(login('senha-errada-123'));
    expect(answer.status).toBe(401);
    expect(sessionCookies(answer.headers)).toEqual([]);
  });
});

describe('the cookie behind the balancers (TRUST_PROXY)', () => {
  let behind: Awaited<ReturnType<typeof buildBff>>;
  let disposeDb: () => Promise<void>;
  beforeAll(async () => {
    const data = await freshDatabase();
    disposeDb = data.dispose;
    const providerUrl = `http://127.0.0.1:${(provider.app.server.address() as { port: number }).port}`;
    // The balancer is this machine: light-my-request calls from 127.0.0.1.
    behind = await buildBff({
      config: testConfig({ TRUST_PROXY: '127.0.0.1' }),
      sql: data.handle.sql,
      upstreams: { prod: providerUrl, sandbox: providerUrl },
      logger: false,
      trustProxy: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await behind?.close();
    await disposeDb?.();
  });

  async function cookieThrough(app: typeof bff, headers: Record<string, string>) {
    const client = new TestClient(app);
    expect((await client.register()).status).toBe(200);
    const answer = await client.proxy(login(), { headers });
    expect(answer.status).toBe(200);
    return sessionCookies(answer.headers)[0] as string;
  }

  it('is Secure whenever the browser came over https, however the balancers say it', async () => {
    const via = { 'x-forwarded-for': '203.0.113.7' };
    const sayings: Record<string, string>[] = [
      { 'x-forwarded-proto': 'https' },
      // A CDN in front of the balancer: the browser's hop first, the balancer's own last.
      { 'x-forwarded-proto': 'https, http' },
      { 'x-forwarded-proto': 'HTTPS' },
      { forwarded: 'for=203.0.113.7;proto=https' },
    ];
    for (const said of sayings) {
      expect(await cookieThrough(behind, { ...via, ...said }), JSON.stringify(said)).toMatch(/; Secure/i);
    }
    // Over plain http all the way it cannot be Secure, or the browser would never send it back.
    expect(await cookieThrough(behind, { ...via, 'x-forwarded-proto': 'http' })).not.toMatch(/; Secure/i);
    expect(await cookieThrough(behind, {})).not.toMatch(/; Secure/i);
  });

  it('believes no forwarded protocol from a peer that is not a trusted proxy', async () => {
    const line = await cookieThrough(bff, { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' });
    expect(line).not.toMatch(/; Secure/i);
  });
});
