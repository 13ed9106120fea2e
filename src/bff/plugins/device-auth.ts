// Device authentication for /proxy: `app.authenticateDevice` is the route's onRequest hook, and `request.device`
// the device it found (null before, and on every other route).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Environment, type EnvironmentName } from '../../contracts/constants.ts';
import { refuse } from '../errors.ts';
import { checkClient, header, type RequestIds, UUID } from '../request-checks.ts';
import type { DeviceSessions } from '../services/device-sessions.ts';

export interface DeviceContext {
  deviceId: string;
  sessionId: string;
  key: CryptoKey;
  env: EnvironmentName;
}

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceContext | null;
  }
  interface FastifyInstance {
    authenticateDevice(request: FastifyRequest): Promise<void>;
  }
}

export const deviceAuth = fp(
  async (app, opts: { sessions: DeviceSessions; requestIds: RequestIds }) => {
    app.decorateRequest('device', null);
    /** Authenticates the device before the body is read, so even a too-large body is refused sealed. */
    app.decorate('authenticateDevice', async (request: FastifyRequest) => {
      checkClient(request);
      const env = header(request, 'x-env');
      if (env !== Environment.prod && env !== Environment.sandbox) {
        throw refuse.notAllowed('BAD_ENVIRONMENT');
      }
      const headerId = header(request, 'x-device-id') ?? '';
      if (!UUID.test(headerId)) throw refuse.unauthorized('UNKNOWN_DEVICE');
      const deviceId = headerId.toLowerCase();
      const auth = header(request, 'authorization') ?? '';
      const token = /^Bearer ([A-Za-z0-9._-]{1,4096})$/.exec(auth)?.[1];
      if (!token) throw refuse.unauthorized();
      const session = await opts.sessions.authenticate(deviceId, token, request.log);
      request.device = { deviceId, sessionId: session.sessionId, key: session.key, env };
      // From here on refusals are sealed; the request id is checked once the device key is known.
      opts.requestIds.check(request);
    });
  },
  { name: 'bff-device-auth' },
);
