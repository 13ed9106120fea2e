// routeFor on its own app, with handlers of the test's, over the harness's database: the scope step finds the
// operator's real card and company (built for the test), so what is checked is the contract's parsing, status and
// answer around it.
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { buildCard, buildCompany, buildUser } from '../test/builders/index.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { errorHandler } from './error-handler.ts';
import { routeFor } from './handle.ts';

const limit = { availableLimit: 700, creditLimit: 1000, availableCreditLimitUsed: 300 };

let h: Harness;
let account = '';
let limitChange = { availableLimit: 1000, changeLimit: 'S', last4digits: '1234' };
let cnpj = '';

let app: FastifyInstance;
let logged: string[] = [];
/** What the limit handler answers next; each test sets its own. */
let answer: unknown = limit;
let handled = 0;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  h = await createHarness();
  // An Administrador of a company with one card.
  const company = await buildCompany(h);
  const operator = await buildUser(h, { companies: [{ company, profile: 'ADMINISTRADOR' }] });
  const built = await buildCard(h, company);
  const found = { id: operator.id, login: operator.login, name: operator.name };
  account = built.account.id;
  cnpj = company.cnpj;
  limitChange = { ...limitChange, last4digits: built.card.last4 };
  app = Fastify({ logger: { level: 'error', stream } });
  app.setErrorHandler(errorHandler);
  app.decorate('providerDb', h.db);
  app.decorateRequest('principal', null);
  // The signed-in operator, as the auth hook would find them.
  app.addHook('onRequest', async (request) => {
    request.principal = {
      userId: found.id,
      sessionId: 'sessao',
      login: found.login,
      name: found.name,
      mustChangePassword: false,
      factorPending: false,
      stepUpDue: false,
    };
  });
  app.route(
    routeFor('changeLimit', async () => {
      handled++;
      return answer as typeof limit;
    }),
  );
  app.route(
    routeFor('createUser', async ({ body }) => ({
      mensagemRetorno: 'ok',
      usuario: {
        id: 'u1',
        login: body.login,
        nomeUsuario: body.nomeUsuario,
        email: body.email,
        numeroDocumento: body.numeroDocumento,
        ddi: body.ddi,
        ddd: body.ddd,
        numCelular: body.numCelular,
        status: 'ATIVO' as const,
        perfis: body.listaPerfis,
        segundoFator: false,
      },
    })),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await h.close();
});

const putLimit = (payload: object) => app.inject({ method: 'PUT', url: `/v1/limit/management/${account}`, payload });

describe('routeFor: the contract drives parsing, status and the answer', () => {
  it('fails loudly when an answer breaks the response schema, rather than trimming it', async () => {
    logged = [];
    answer = { ...limit, availableLimit: 'setecentos' };
    const wrongType = await putLimit(limitChange);
    expect(wrongType.statusCode).toBe(500);
    expect(wrongType.json()).toEqual({ message: messages.generic.unexpected, code: 'UNEXPECTED' });

    answer = { availableLimit: 700 };
    expect((await putLimit(limitChange)).statusCode).toBe(500);
    expect(logged.join('\n')).toContain('answer of changeLimit breaks its contract');
  });

  it('sends only the fields of the response schema', async () => {
    answer = { ...limit, passwordHash: 'nunca-sai' };
    const res = await putLimit(limitChange);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(limit);
    expect(res.body).not.toContain('nunca-sai');
  });

  it('refuses a bad body with 400 naming the field, before the handler runs', async () => {
    const before = handled;
    const res = await putLimit({ ...limitChange, last4digits: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_INPUT');
    expect(res.json().message).toContain('"last4digits"');
    expect(handled).toBe(before);
  });

  it('answers with the contract’s success status', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v0/portal/usuario/',
      headers: { cnpj },
      payload: {
        login: 'nova.operadora',
        numCelular: 987654321,
        nomeUsuario: 'Nova Operadora',
        numeroDocumento: '12345678909',
        ddd: 11,
        ddi: 55,
        listaPerfis: ['ADMIN'],
        email: 'nova@example.com',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().usuario.login).toBe('nova.operadora');
  });
});
