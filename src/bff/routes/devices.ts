// POST /devices: a browser registers its device session, sealed to the BFF's public key (docs/transport.md).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { FID } from '../../contracts/constants.ts';
import { CryptoError, openSealedBox } from '../../crypto/index.ts';
import { sealJson } from '../../crypto/server.ts';
import { bffError, refuse } from '../errors.ts';
import { API_ANSWERS } from '../plugins/security-headers.ts';
import { BODY_LIMIT_BYTES, checkClient, HEX, header, type RequestIds, UUID } from '../request-checks.ts';
import type { DeviceSessions } from '../services/device-sessions.ts';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SECRET = /^[A-Za-z0-9]{32}$/;

const sealedBox = z.strictObject({
  key: z.string().min(1).max(2048).regex(BASE64),
  payload: z.string().min(1).max(BODY_LIMIT_BYTES).regex(HEX),
});
const registration = z.strictObject({
  fid: z.literal(FID),
  id: z.string().regex(UUID),
  ip: z.string().max(64),
  sessionToken: z.string().regex(SECRET),
  sessionCipher: z.string().regex(SECRET),
  deviceName: z.string().max(200),
  latitude: z.number().finite(),
  longitude: z.number().finite(),
  accuracy: z.number().finite(),
  fcmToken: z.string().max(4096),
});

export interface DevicesRouteOptions {
  privateKey: CryptoKey;
  sessions: DeviceSessions;
  requestIds: RequestIds;
  perMinute: number;
}

export const devicesRoutes: FastifyPluginAsync<DevicesRouteOptions> = async (app, opts) => {
  app.post(
    '/devices',
    { bodyLimit: BODY_LIMIT_BYTES, config: { rateLimit: { max: opts.perMinute, timeWindow: 60_000 }, ...API_ANSWERS } },
    async (request, reply) => {
      checkClient(request);
      const headerId = header(request, 'x-device-id') ?? '';
      if (!UUID.test(headerId)) throw bffError('BAD_DEVICE_ID');
      const { requestId, time } = opts.requestIds.check(request);
      const box = sealedBox.safeParse(request.body);
      if (!box.success) throw refuse.envelope();
      let opened: unknown;
      try {
        opened = await openSealedBox(opts.privateKey, box.data, requestId);
      } catch (err) {
        if (err instanceof CryptoError) throw refuse.envelope();
        throw err;
      }
      const parsed = registration.safeParse(opened);
      if (!parsed.success || parsed.data.id !== headerId) {
        throw bffError('INVALID_DEVICE');
      }
      const deviceId = headerId.toLowerCase();
      await opts.requestIds.remember(deviceId, requestId, time);
      const { key, accessToken } = await opts.sessions.register({
        deviceId,
        fid: parsed.data.fid,
        sessionToken: parsed.data.sessionToken,
        sessionCipher: parsed.data.sessionCipher,
        deviceName: parsed.data.deviceName,
        // The address the BFF saw; the client-reported ip is not trustworthy and not stored.
        ip: request.ip,
      });
      request.log.info({ deviceId }, 'device registered');
      reply.code(200);
      return sealJson(key, { accessToken }, requestId);
    },
  );
};
