// The whole server side in one process over real HTTP: the provider on a seeded database, the BFF (on a database
// of its own, as in production) forwarding to it, a ViaCEP stand-in, and a client that speaks the wire protocol
// as the browser does (sealed-client.ts, re-exported here).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { buildBff } from '../bff/app.ts';
import { testConfig } from '../platform/config.ts';
import type { DatabaseHandle } from '../platform/database.ts';
import { freshDatabase } from '../platform/test-database.ts';
import { buildProvider } from '../provider/app.ts';
import { createDb, type Db } from '../provider/db/client.ts';
import { seededDatabase } from '../provider/test/seeded-database.ts';

export * from './sealed-client.ts';

export interface Stack {
  provider: FastifyInstance;
  providerUrl: string;
  providerDb: DatabaseHandle;
  /** The provider's database through drizzle: where the suites build the rows they aim at (builders). */
  db: Db;
  bffUrl: string;
  close(): Promise<void>;
}

/** Answers like ViaCEP: an address for CEPs starting with 0 to 8, `{erro: true}` for those starting with 9. */
async function startCepStub(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const cep = /\/(\d{8})\//.exec(req.url ?? '')?.[1];
    res.setHeader('content-type', 'application/json');
    if (!cep) {
      res.statusCode = 400;
      res.end('{"erro":true}');
      return;
    }
    const body = cep.startsWith('9')
      ? { erro: true }
      : { cep, logradouro: 'Rua de Teste', complemento: '', bairro: 'Centro', localidade: 'São Paulo', uf: 'SP' };
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/{cep}/json/`, server };
}

/**
 * `clock` drives the provider's time rules. A fixed clock keeps a session's renewal (a write every 30 s of use)
 * out of suites that compare the database before and after each call. `logs` receives every log line of both
 * servers (JSON, one a line).
 */
export async function startStack(
  opts: {
    clock?: () => Date;
    logs?: NodeJS.WritableStream;
    /** The BFF's TRUST_PROXY: whose X-Forwarded-For gives the client address. */
    bffTrustProxy?: boolean | string | string[];
  } = {},
): Promise<Stack> {
  const logger = opts.logs ? { level: 'info', stream: opts.logs } : false;
  const cep = await startCepStub();
  // The test demo, migrated and seeded once per run (src/provider/test/seeded-database.ts).
  const providerData = await seededDatabase();
  const config = testConfig({ CEP_API_URL: cep.url });
  const provider = buildProvider({
    db: providerData.handle,
    // The suites compare the tables before and after each call: a read's record belongs to its call.
    readsImmediately: true,
    config,
    publicRateLimit: false,
    logger,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const providerUrl = await provider.listen({ host: '127.0.0.1', port: 0 });
  const bffData = await freshDatabase();
  const bff = await buildBff({
    config,
    sql: bffData.handle.sql,
    upstreams: { prod: providerUrl, sandbox: providerUrl },
    logger,
    rateLimit: { devices: 10_000, proxy: 1_000_000, signIn: 1_000_000 },
    ...(opts.bffTrustProxy === undefined ? {} : { trustProxy: opts.bffTrustProxy }),
  });
  const bffUrl = await bff.listen({ host: '127.0.0.1', port: 0 });
  return {
    provider,
    providerUrl,
    providerDb: providerData.handle,
    db: createDb(providerData.handle),
    bffUrl,
    async close() {
      await bff.close();
      await provider.close();
      await new Promise((resolve) => cep.server.close(resolve));
      await bffData.dispose();
      await providerData.dispose();
    },
  };
}

/**
 * Signs in straight at the provider (as the proxy would forward it) and returns the user token. `headers` carries
 * the BFF's caller key to a provider started for real (decision 129).
 */
export async function signIn(
  providerUrl: string,
  login: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await request(`${providerUrl}/v0/portal/usuario/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ login, senha: password }),
  });
  const body = (await res.body.json()) as { token?: string };
  if (res.statusCode !== 200 || !body.token) throw new Error(`login ${login}: ${res.statusCode}`);
  return body.token;
}
