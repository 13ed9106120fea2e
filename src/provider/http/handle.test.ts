// routeFor on its own app, with handlers of the test's, over the harness's database: the scope step finds the demo
// operator's real card and company, so what is checked is the contract's parsing, status and answer around it.
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { createHarness, DEMO, type Harness } from '../test/harness.ts';
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
  const { rows } = await h.handle.sql.query<{ id: string; user: string; account: string; last4: string; cnpj: string }>(
    `select u.id, a.id as account, c.last4, co.cnpj from portal_users u
       join user_companies uc on uc.user_id = u.id join companies co on co.id = uc.company_id
       join accounts a on a.company_id = co.id join cards c on c.account_id = a.id
      where u.login = $1 order by a.account_number limit 1`,
    [DEMO.login],
  );
  const found = rows[0] as { id: string; account: string; last4: string; cnpj: string };
  account = found.account;
  cnpj = found.cnpj;
  limitChange = { ...limitChange, last4digits: found.last4 };
  app = Fastify({ logger: { level: 'error', stream } });
  app.setErrorHandler(errorHandler);
  app.decorate('providerDb', h.db);
  app.decorateRequest('principal', null);
  // The signed-in demo operator, as the auth hook would find them.
  app.addHook('onRequest', async (request) => {
    request.principal = {
      userId: found.id,
      sessionId: 'sessao',
      login: DEMO.login,
      name: 'Demo',
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
