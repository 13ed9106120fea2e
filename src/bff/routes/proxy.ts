// POST /proxy: one sealed call from an authenticated device, opened, checked against the allowlist, forwarded to
// the provider and its answer sealed back (docs/transport.md).
import type { FastifyPluginAsync } from 'fastify';
import type { Counter } from 'prom-client';
import { z } from 'zod';
import { DEVICE_HEADER } from '../../contracts/second-factor.ts';
import { CryptoError } from '../../crypto/index.ts';
// The node:crypto envelope: the same wire format as the browser's, without WebCrypto's per-call overhead.
import { openJson, sealText } from '../../crypto/server.ts';
import { allowProxyRequest } from '../allowlist.ts';
import { refuse } from '../errors.ts';
import { API_ANSWERS } from '../plugins/security-headers.ts';
import { BODY_LIMIT_BYTES, type RequestIds } from '../request-checks.ts';
import { TOKEN_ISSUING_ENDPOINTS, takeToken, type UserSessionCookie } from '../services/user-session.ts';
import type { Upstreams } from '../upstream.ts';

// The payload's hex is checked by its decode (openText), not by a regex pass over it here.
const sealedBody = z.strictObject({ payload: z.string().min(1).max(BODY_LIMIT_BYTES) });
const innerRequest = z.strictObject({
  method: z.string().min(1).max(16),
  url: z.string().min(1).max(4096),
  headers: z.unknown().optional(),
  data: z.unknown().optional(),
});

const JSON_TYPE = 'application/json; charset=utf-8';

export interface ProxyRouteOptions {
  requestIds: RequestIds;
  upstreams: Upstreams;
  userSession: UserSessionCookie;
  proxyOutcomes: Counter<'code'>;
  perMinute: number;
}

export const proxyRoutes: FastifyPluginAsync<ProxyRouteOptions> = async (app, opts) => {
  const { requestIds, upstreams, userSession } = opts;
  // The labelled child once, rather than hashing its label on every forwarded call.
  const forwarded = opts.proxyOutcomes.labels({ code: 'FORWARDED' });
  app.post(
    '/proxy',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      config: { rateLimit: { max: opts.perMinute, timeWindow: 60_000 }, ...API_ANSWERS },
      onRequest: app.authenticateDevice,
    },
    async (request, reply) => {
      const device = request.device;
      if (!device) throw refuse.unauthorized();
      const { requestId, time } = requestIds.check(request);
      const body = sealedBody.safeParse(request.body);
      if (!body.success) throw refuse.envelope();
      let opened: unknown;
      try {
        opened = await openJson(device.key, body.data.payload, requestId);
      } catch (err) {
        if (err instanceof CryptoError) throw refuse.envelope();
        throw err;
      }
      // Only an authentic envelope spends its request id, so a forged one cannot burn a legitimate id.
      await requestIds.remember(device.deviceId, requestId, time);
      const inner = innerRequest.safeParse(opened);
      if (!inner.success) throw refuse.envelope();
      const allowed = allowProxyRequest(inner.data, device.env);
      const limited = app.limitSignIn(request, allowed.match.name);
      if (limited) await limited;
      // The provider's audit trail records the browser's address (decision 075); the allowlist never lets a client
      // name this header itself, so it is the BFF's own view (request.ip honours TRUST_PROXY).
      const headers: Record<string, string> = {
        ...allowed.headers,
        'x-request-id': requestId,
        'x-forwarded-for': request.ip,
        // The browser the call came from, so the provider can tell a sign-in from a new one by e-mail (decision 091);
        // like the address, a client cannot name it: the allowlist refuses any header it does not list.
        [DEVICE_HEADER]: device.deviceId,
      };
      // A bearer the call names itself wins (tools, the security suites); the browser names none.
      const cookieToken = headers.authorization ? null : await userSession.read(request, reply, device.deviceId);
      if (cookieToken) headers.authorization = `Bearer ${cookieToken}`;
      const answer = await upstreams.forward(device.env, {
        method: allowed.match.endpoint.method,
        pathAndQuery: allowed.pathAndQuery,
        headers,
        body: allowed.body,
      });
      forwarded.inc();
      const endpoint = allowed.match.name;
      request.outcome = { endpoint, upstreamStatus: answer.status };
      let jsonText = answer.jsonText;
      if (endpoint === 'logout' || (answer.status === 401 && cookieToken)) {
        userSession.clear(reply);
      } else if (TOKEN_ISSUING_ENDPOINTS.has(endpoint) && answer.status >= 200 && answer.status < 300) {
        const taken = takeToken(jsonText);
        if (taken.token) {
          jsonText = taken.jsonText;
          await userSession.set(request, reply, device.deviceId, taken.token);
        }
      }
      reply.code(answer.status);
      if (answer.status === 204 || answer.status === 205) return reply.send();
      // Hex needs no escaping: the envelope is written as is, without a JSON.stringify pass over the sealed answer.
      const sealed = await sealText(device.key, jsonText, requestId);
      return reply.type(JSON_TYPE).send(`{"payload":"${sealed}"}`);
    },
  );
};
