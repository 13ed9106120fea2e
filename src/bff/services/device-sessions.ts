// Device sessions: registration stores a device's two session secrets and issues its access token; each /proxy
// call turns the token back into the session's AES key, from the cache when it can and the database when not.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { deriveSessionKey } from '../../crypto/server.ts';
import { refuse } from '../errors.ts';
import type { CachedSession, SessionKeyCache } from '../session-cache.ts';
import type { DeviceStore } from '../store/devices.ts';
import type { AccessTokens } from './access-tokens.ts';

const LAST_SEEN_EVERY_MS = 60_000;

export interface Registration {
  deviceId: string;
  fid: string;
  sessionToken: string;
  sessionCipher: string;
  deviceName: string;
  ip: string;
}

export class DeviceSessions {
  constructor(
    private readonly devices: DeviceStore,
    private readonly keys: SessionKeyCache,
    private readonly tokens: AccessTokens,
    private readonly now: () => number,
  ) {}

  /** Replaces the device's session (revoking its earlier tokens): the new session's key and access token. */
  async register(r: Registration): Promise<{ key: CryptoKey; accessToken: string }> {
    const secrets = { cipherAES: r.sessionCipher, tokenAES: r.sessionToken };
    const sessionId = randomUUID();
    await this.devices.save({
      deviceId: r.deviceId,
      fid: r.fid,
      sessionId,
      ...secrets,
      deviceName: r.deviceName,
      ip: r.ip,
    });
    const key = await deriveSessionKey(secrets);
    this.keys.set(r.deviceId, sessionId, key, this.now());
    const accessToken = await this.tokens.issue(r.deviceId, sessionId);
    return { key, accessToken };
  }

  /** The live session `token` opens for this device; refused as unauthorized otherwise. */
  async authenticate(deviceId: string, token: string, log: FastifyBaseLogger): Promise<CachedSession> {
    const t = this.now();
    // The token this session's cache entry already verified: only its expiry is checked again.
    let cached = this.keys.getByVerifiedToken(deviceId, token, t);
    if (!cached) {
      const { sub, sid, exp } = await this.tokens.verify(token, t);
      if (sub !== deviceId || typeof sid !== 'string' || exp === undefined) throw refuse.unauthorized();
      cached = this.keys.get(deviceId, sid, t);
      if (!cached) {
        const session = await this.devices.find(deviceId);
        // A re-registration replaced the session: tokens of the previous one no longer open anything.
        if (!session || session.sessionId !== sid) throw refuse.unauthorized('UNKNOWN_DEVICE');
        const key = await deriveSessionKey({ cipherAES: session.cipherAES, tokenAES: session.tokenAES });
        cached = this.keys.set(deviceId, sid, key, t);
      }
      // jose refuses a token once floor(now / 1000) reaches exp, i.e. from exp * 1000 ms on.
      this.keys.rememberVerifiedToken(cached, token, exp * 1000);
    }
    if (t - cached.lastTouchedAt >= LAST_SEEN_EVERY_MS) {
      cached.lastTouchedAt = t;
      this.devices.touch(deviceId, cached.sessionId).catch((err) => log.warn({ err }, 'could not update last_seen_at'));
    }
    return cached;
  }
}
