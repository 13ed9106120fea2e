// The BFF as "token handler" (decision 040): the provider's bearer token never reaches the browser's JavaScript.
// The BFF takes it out of a sign-in answer and hands it back to the browser sealed in an HttpOnly cookie that
// only /proxy receives; on each call it opens the cookie and sets the inner Authorization itself. The cookie is
// sealed by the BFF alone (AES-256-GCM under a key derived from the BFF's stored secret, through jose's JWE), bound
// to the device id and with an expiry, so no server keeps a per-user record and any instance can open it.
import { hkdfSync } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { originalRequestWasHttps } from './original-protocol.ts';

export const USER_SESSION_COOKIE = 'fidis_sessao';
/** Only /proxy needs it: no other request (the SPA, /keys, /devices) carries it. */
export const USER_SESSION_PATH = '/proxy';
/** The provider's absolute session life (12 h); the provider still decides earlier, on idle time or sign-out. */
export const USER_SESSION_TTL_S = 12 * 60 * 60;
const CLAIM = 'tok';
/** Opened cookies kept per instance; past this many, the memory starts afresh rather than growing. */
const OPENED_MAX = 20_000;

interface Opened {
  deviceId: string;
  token: string;
  /** The cookie's own `exp`, in ms. */
  expiresAt: number;
}

export class UserSessionSealer {
  private readonly key: Uint8Array;
  /**
   * A cookie is authenticated ciphertext that never changes while it lives, so what it opened to once it opens to
   * every time: opening it again on each call (jose's JWE path, WebCrypto promises) was most of the BFF's own CPU per
   * call (issue 17). The expiry and the device are still checked on every call.
   */
  private readonly opened = new Map<string, Opened>();

  /** `secret` is the BFF's stored secret; a key of its own is derived so no other use shares it. */
  constructor(
    secret: Uint8Array,
    private readonly now: () => number,
  ) {
    this.key = new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), 'fidis-bff/user-session', 32));
  }

  seal(deviceId: string, providerToken: string): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new EncryptJWT({ [CLAIM]: providerToken })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setSubject(deviceId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + USER_SESSION_TTL_S)
      .encrypt(this.key);
  }

  /** The provider token, or null when the cookie is forged, expired or was sealed for another device. */
  async open(sealed: string, deviceId: string): Promise<string | null> {
    const now = this.now();
    const known = this.opened.get(sealed);
    if (known) {
      if (now < known.expiresAt) return known.deviceId === deviceId ? known.token : null;
      this.opened.delete(sealed);
      return null;
    }
    try {
      const { payload } = await jwtDecrypt(sealed, this.key, {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
        currentDate: new Date(now),
        requiredClaims: ['sub', 'exp'],
      });
      const token = payload[CLAIM];
      if (typeof payload.sub !== 'string' || typeof token !== 'string' || !token || typeof payload.exp !== 'number') {
        return null;
      }
      if (this.opened.size >= OPENED_MAX) this.opened.clear();
      this.opened.set(sealed, { deviceId: payload.sub, token, expiresAt: payload.exp * 1000 });
      return payload.sub === deviceId ? token : null;
    } catch {
      return null;
    }
  }
}

/** The sign-in answers that carry a provider token for the browser (a temporary one for a first access). */
export const TOKEN_ISSUING_ENDPOINTS = new Set(['login', 'firstAccess']);

/**
 * A 2xx JSON answer of a sign-in endpoint without its `token`, and the token taken out. Anything else comes back
 * unchanged with a null token.
 */
export function takeToken(jsonText: string): { jsonText: string; token: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(jsonText);
  } catch {
    return { jsonText, token: null };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { jsonText, token: null };
  const { token, ...rest } = body as Record<string, unknown>;
  if (typeof token !== 'string' || !token) return { jsonText, token: null };
  return { jsonText: JSON.stringify(rest), token };
}

/** The cookie that carries the sealed token: set on sign-in, read on each /proxy call, cleared on sign-out. */
export class UserSessionCookie {
  constructor(private readonly sealer: UserSessionSealer) {}

  async set(request: FastifyRequest, reply: FastifyReply, deviceId: string, providerToken: string): Promise<void> {
    const sealed = await this.sealer.seal(deviceId, providerToken);
    reply.setCookie(USER_SESSION_COOKIE, sealed, {
      path: USER_SESSION_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: originalRequestWasHttps(request),
      maxAge: USER_SESSION_TTL_S,
    });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(USER_SESSION_COOKIE, { path: USER_SESSION_PATH });
  }

  /** The provider token the cookie holds for this device; a cookie that does not open is dropped. */
  async read(request: FastifyRequest, reply: FastifyReply, deviceId: string): Promise<string | null> {
    const sealed = request.cookies[USER_SESSION_COOKIE];
    if (!sealed) return null;
    const token = await this.sealer.open(sealed, deviceId);
    if (!token) this.clear(reply);
    return token;
  }
}
