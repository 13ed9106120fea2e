import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { cepResponse } from '../../contracts/schemas.ts';
import { testConfig } from '../../platform/config.ts';
import { buildProvider } from '../app.ts';
import { cepCache } from '../db/schema.ts';
import { CEP_CACHE_MS, cepUrl } from '../services/cep.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

/** A ViaCEP stand-in on 127.0.0.1: known CEPs, an unknown one, and switches for trouble. */
const KNOWN: Record<string, object> = {
  '01310200': {
    cep: '01310-200',
    logradouro: 'Avenida Paulista',
    complemento: 'de 1512 a 2132 - lado par',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    ibge: '3550308',
  },
  '20040002': {
    cep: '20040-002',
    logradouro: 'Rua da Assembleia',
    complemento: '',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
};

let h: Harness;
let viacep: FastifyInstance;
let provider: FastifyInstance;
let token: string;
let hits: string[] = [];
let trouble: 'none' | 'status500' | 'garbage' = 'none';

/** Moves the clock past the cache's age; the idle session expires with it, so sign in again. */
async function ageCache() {
  h.clock.advance(CEP_CACHE_MS + 1000);
  token = await h.token(DEMO.login, DEMO.password);
}

beforeAll(async () => {
  h = await createHarness();
  viacep = Fastify();
  viacep.get<{ Params: { cep: string } }>('/ws/:cep/json/', async (request, reply) => {
    hits.push(request.params.cep);
    if (trouble === 'status500') return reply.code(500).send({ error: 'down' });
    if (trouble === 'garbage') return reply.type('application/json').send('<html>');
    return KNOWN[request.params.cep] ?? { erro: 'true' };
  });
  const address = await viacep.listen({ host: '127.0.0.1', port: 0 });
  provider = buildProvider({
    db: h.handle,
    config: testConfig({ CEP_API_URL: `${address}/ws/{cep}/json/` }),
    clock: h.clock,
    publicRateLimit: false,
  });
  await provider.ready();
  token = await h.token(DEMO.login, DEMO.password);
});
afterAll(async () => {
  await provider.close();
  await viacep.close();
  await h.close();
});
beforeEach(() => {
  hits = [];
  trouble = 'none';
});

const lookup = (cep: string, auth = true) =>
  provider.inject({ method: 'GET', url: `/v1/address/cep/${cep}`, headers: auth ? bearer(token) : {} });

describe('GET /v1/address/cep/{cep}', () => {
  it('answers the five ViaCEP fields and caches them: the second lookup does not reach the service', async () => {
    const res = await lookup('01310200');
    expect(res.statusCode).toBe(200);
    expect(cepResponse.parse(res.json())).toEqual({
      cep: '01310200',
      logradouro: 'Avenida Paulista',
      complemento: 'de 1512 a 2132 - lado par',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect(res.json()).not.toHaveProperty('ibge');
    const again = await lookup('01310200');
    expect(again.json()).toEqual(res.json());
    expect(hits).toEqual(['01310200']);
    const [row] = await h.db.select().from(cepCache).where(eq(cepCache.cep, '01310200'));
    expect(row?.fetchedAt).toEqual(h.clock());
  });

  it('asks the service again once the cached answer is older than a month', async () => {
    expect((await lookup('20040002')).statusCode).toBe(200);
    await ageCache();
    expect((await lookup('20040002')).json().logradouro).toBe('Rua da Assembleia');
    expect(hits).toEqual(['20040002', '20040002']);
  });

  it('answers 404 with a reason for a CEP the service does not know, and caches nothing', async () => {
    const res = await lookup('99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.cardApi.cepNotFound, code: 'CEP_NOT_FOUND' });
    expect(await h.db.select().from(cepCache).where(eq(cepCache.cep, '99999999'))).toHaveLength(0);
  });

  it('answers 502 with a reason when the service fails or answers garbage', async () => {
    for (const mode of ['status500', 'garbage'] as const) {
      trouble = mode;
      const res = await lookup('30130010');
      expect(res.statusCode, mode).toBe(502);
      expect(res.json()).toEqual({ message: messages.cardApi.cepUnavailable, code: 'CEP_UNAVAILABLE' });
    }
  });

  it('serves a stale cached answer while the service is down', async () => {
    expect((await lookup('01310200')).statusCode).toBe(200);
    await ageCache();
    trouble = 'status500';
    const res = await lookup('01310200');
    expect(res.statusCode).toBe(200);
    expect(res.json().logradouro).toBe('Avenida Paulista');
  });

  it('answers 502 when the service cannot be reached at all', async () => {
    const closed = Fastify();
    const address = await closed.listen({ host: '127.0.0.1', port: 0 });
    await closed.close();
    const offline = buildProvider({
      db: h.handle,
      config: testConfig({ CEP_API_URL: `${address}/ws/{cep}/json/` }),
      clock: h.clock,
      publicRateLimit: false,
    });
    await offline.ready();
    try {
      const res = await offline.inject({ method: 'GET', url: '/v1/address/cep/40010000', headers: bearer(token) });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('CEP_UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });

  it('answers 400 for a CEP that is not 8 digits and 401 without a session', async () => {
    for (const cep of ['0131020', '01310-200', 'abcdefgh', '013102000']) {
      const res = await lookup(cep);
      expect(res.statusCode, cep).toBe(400);
      expect(res.json().message).toContain('O campo CEP é inválido.');
    }
    expect((await lookup('01310200', false)).statusCode).toBe(401);
    expect(hits).toEqual([]);
  });
});

describe('cepUrl', () => {
  it('fills the {cep} placeholder, or appends ViaCEP’s path to a bare base', () => {
    expect(cepUrl('https://viacep.com.br/ws/{cep}/json/', '01310200')).toBe('https://viacep.com.br/ws/01310200/json/');
    expect(cepUrl('http://127.0.0.1:9999/ws/', '01310200')).toBe('http://127.0.0.1:9999/ws/01310200/json/');
  });
});
