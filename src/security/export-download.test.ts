// The CSV download route (src/bff/routes/downloads.ts, decision 084) against the real provider: a ticket issued through the sealed /proxy, then one plain GET.
// The provider is started as `npm start` starts it, answering only its deployment's BFF (decision 129), so the
// download proves itself as the sealed calls do.
import type { FastifyInstance } from 'fastify';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBff } from '../bff/app.ts';
import { COMMON_INNER_HEADERS, TestClient } from '../bff/test/client.ts';
import { messages } from '../contracts/messages.ts';
import { sealJson } from '../crypto/index.ts';
import { testConfig } from '../platform/config.ts';
import { freshDatabase } from '../platform/test-database.ts';
import { buildProvider } from '../provider/app.ts';
import { type BuiltCard, type BuiltCompany, buildCards, buildCompany } from '../provider/test/builders/index.ts';
import { createHarness, DEMO, type Harness } from '../provider/test/harness.ts';

const BASE = 'https://api.fidis.com.br';
const { Authorization: _, ...INNER } = COMMON_INNER_HEADERS;

let provider: Harness;
let guarded: FastifyInstance;
let bff: FastifyInstance;
let dispose: () => Promise<void>;
let company: BuiltCompany;
/** The company's holders: what a whole-company export lists. */
const HOLDERS = 3;
let holders: BuiltCard[];

beforeAll(async () => {
  provider = await createHarness();
  guarded = buildProvider({ db: provider.handle, config: testConfig(), requireCaller: true, publicRateLimit: false });
  const url = await guarded.listen({ port: 0, host: '127.0.0.1' });
  const fresh = await freshDatabase();
  dispose = () => fresh.dispose();
  bff = await buildBff({
    config: testConfig(),
    sql: fresh.handle.sql,
    upstreams: { prod: url, sandbox: url },
    logger: false,
  });
  company = await buildCompany(provider, { members: [DEMO.login] });
  holders = await buildCards(provider, company, HOLDERS);
});
afterAll(async () => {
  await bff.close();
  await guarded.close();
  await provider.close();
  await dispose();
});

/** A registered device with the operator signed in: its session cookie, as the browser keeps it. */
async function signedIn() {
  const client = new TestClient(bff);
  await client.register();
  const requestId = v7();
  const { payload } = await sealJson(
    client.sessionKey!,
    {
      method: 'POST',
      url: `${BASE}/v0/portal/usuario/login`,
      headers: INNER,
      data: { login: DEMO.login, senha: DEMO.password },
    },
    requestId,
  );
  const res = await bff.inject({
    method: 'POST',
    url: '/proxy',
    headers: client.baseHeaders(requestId),
    payload: { payload },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'fidis_sessao');
  expect(cookie).toBeTruthy();
  return { client, cookie: `fidis_sessao=${cookie!.value}` };
}

async function ticketOf(s: Awaited<ReturnType<typeof signedIn>>) {
  const answer = await s.client.proxy(
    {
      method: 'POST',
      url: `${BASE}/v1/exports/ticket`,
      headers: INNER,
      data: { kind: 'holders', filters: { cnpj: company.cnpj, relationCode: company.relationCode } },
    },
    { headers: { cookie: s.cookie } },
  );
  expect(answer.status).toBe(200);
  return answer.body as { ticket: string; rows: number; fileName: string };
}

const get = (s: { client: TestClient; cookie?: string }, ticket: string, requestId = v7()) =>
  bff.inject({
    method: 'GET',
    url: `/proxy/download/${ticket}`,
    headers: { ...s.client.baseHeaders(requestId), ...(s.cookie ? { cookie: s.cookie } : {}) },
  });

describe('GET /proxy/download/<ticket>', () => {
  it('streams the CSV of a ticket issued through /proxy, with the security headers and no caching', async () => {
    const s = await signedIn();
    const t = await ticketOf(s);
    expect(t.rows).toBe(HOLDERS);
    const res = await get(s, t.ticket);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${t.fileName}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.startsWith('\ufeffConta;Portador;CPF;')).toBe(true);
    expect(res.body.split('\r\n').length - 2).toBe(t.rows);
    for (const { account } of holders) expect(res.body).toContain(account.holderName);
  });

  it('refuses a second use of the ticket, sealed, in pt-BR, even with a fresh request id', async () => {
    const s = await signedIn();
    const t = await ticketOf(s);
    expect((await get(s, t.ticket)).statusCode).toBe(200);
    const requestId = v7();
    const again = await get(s, t.ticket, requestId);
    expect(again.statusCode).toBe(410);
    const opened = await s.client.open(again.statusCode, again.headers, again.body, requestId);
    expect(opened.sealed).toBe(true);
    expect(opened.body).toEqual({ code: 'EXPORT_TICKET_USED', message: messages.exports.ticketUsed });
  });

  it('is bound to the device session: another device, or no operator cookie, gets nothing', async () => {
    const s = await signedIn();
    const t = await ticketOf(s);
    const stranger = new TestClient(bff);
    await stranger.register();
    // The stolen URL and even the stolen cookie: the cookie is bound to the device that signed in.
    const theirs = await get({ client: stranger, cookie: s.cookie }, t.ticket);
    expect(theirs.statusCode).toBe(401);
    const noDevice = await bff.inject({ method: 'GET', url: `/proxy/download/${t.ticket}` });
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.body).not.toContain('Conta;');
  });

  it('refuses a ticket that is not one, and a replayed request id', async () => {
    const s = await signedIn();
    const bad = await get(s, 'not-a-ticket');
    expect(bad.statusCode).toBe(410);
    const t = await ticketOf(s);
    const requestId = v7();
    await get(s, t.ticket, requestId);
    const t2 = await ticketOf(s);
    const replay = await get(s, t2.ticket, requestId);
    expect(replay.statusCode).toBe(409);
  });
});
