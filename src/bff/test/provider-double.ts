// A stand-in for the provider: a real HTTP server on 127.0.0.1 that answers a few catalogue paths and counts
// every request that reaches it, so tests can prove that a refusal sent nothing upstream.
import { type AddressInfo, createServer, type Socket } from 'node:net';
import Fastify from 'fastify';

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: unknown;
}

export interface ProviderDouble {
  url: string;
  readonly count: number;
  requests: SeenRequest[];
  reset(): void;
  close(): Promise<void>;
}

export const DOUBLE_COMPANIES = {
  companies: [{ corporateName: 'Empresa Teste Ltda', cnpj: '11222333000181', relationCode: '0001' }],
};

export async function startProviderDouble(): Promise<ProviderDouble> {
  const app = Fastify({ logger: false });
  const requests: SeenRequest[] = [];
  app.addHook('preHandler', async (request) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
  });
  // Requests the router does not know are counted too.
  app.setNotFoundHandler(async (request, reply) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
    reply.code(404);
    return { message: 'not found' };
  });
  app.get('/v1/corporate/companies', async () => DOUBLE_COMPANIES);
  app.post('/v1/cards/block/:uuid', async (request) => ({
    blocked: (request.params as { uuid: string }).uuid,
    received: request.body,
  }));
  app.get('/v0/portal/usuario/todos', async (request) => ({ query: request.query }));
  app.get('/v1/cards/account/:uuid', async (_request, reply) => {
    reply.code(404);
    return { message: 'Conta não encontrada', code: 'NOT_FOUND' };
  });
  // A redirect the BFF must not follow.
  app.get('/v1/accounts/data/:uuid', async (_request, reply) => reply.redirect('/v1/corporate/companies', 302));
  app.get('/v1/corporate/account', async (_request, reply) => {
    reply.code(500);
    return { message: 'boom', stack: 'Error: internal detail' };
  });
  app.post('/v0/portal/usuario/login', async () => ({ token: 'user-token', nome: 'Operador' }));
  app.post('/v0/portal/usuario/logout', async (_request, reply) => reply.code(204).send());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    get count() {
      return requests.length;
    },
    requests,
    reset() {
      requests.length = 0;
    },
    close: () => app.close(),
  };
}

/** A URL on which nothing listens (a port that was just freed). */
export async function deadUpstream(): Promise<string> {
  const app = Fastify({ logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await app.close();
  return address;
}

/**
 * A provider that takes the call and then goes quiet: it never sends the headers, or sends them and a first chunk
 * of the body and never the rest. Closing it drops every socket it holds.
 */
export async function stallingUpstream(
  stallAt: 'headers' | 'body',
): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => {
      if (stallAt === 'body') {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"partial":');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
