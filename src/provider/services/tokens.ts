// Bearer tokens: HS256 JWTs that only name a session. Whether the session is still alive is the
// database's answer (services/sessions.ts), so a sign-out or an idle expiry takes effect at once.
//
// Signing (once per sign-in) goes through jose. Verifying happens on every call, and jose's generic path (WebCrypto
// promises, a JWS parser for every algorithm, claim-set plumbing) cost more CPU than the session read it guards
// (issue 17): a token of ours has exactly one shape, so it is checked here with node:crypto's HMAC against that
// shape. tokens.test.ts holds it to jose's verdict on valid, expired, forged and malformed tokens.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

const ISSUER = 'fidis-provider';
const AUDIENCE = 'fidis-portal';
/** An absolute ceiling on top of the idle expiry: no token outlives a working day. */
const MAX_LIFETIME_S = 12 * 60 * 60;

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

const HEADER = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9'; // base64url of {"alg":"HS256","typ":"JWT"}, as sign writes it
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The claims of the payload segment, or null when it is not the JSON object sign wrote. */
function payloadOf(segment: string): Record<string, unknown> | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const audienceMatches = (aud: unknown) => aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE));

export function createTokenService(secret: Uint8Array, clock: () => Date) {
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const key = Buffer.from(secret);
  // Imported once: given raw bytes, jose imports a new CryptoKey on every sign.
  const keyPromise = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return {
    async sign({ userId, sessionId }: TokenClaims): Promise<string> {
      const now = seconds();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + MAX_LIFETIME_S)
        .sign(await keyPromise);
    },
    /** The claims of a valid token, or null for anything forged, expired or malformed. */
    async verify(token: string): Promise<TokenClaims | null> {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, body, signature] = parts as [string, string, string];
      // Only the header sign writes is ours: no other algorithm, no "none", no critical extensions to honour.
      if (header !== HEADER || !BASE64URL.test(body) || !BASE64URL.test(signature)) return null;
      const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const payload = payloadOf(body);
      if (payload === null) return null;
      const now = seconds();
      const { exp, nbf, iat, iss, aud, sub, sid } = payload;
      if (typeof exp !== 'number' || exp <= now) return null;
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
      if (iat !== undefined && typeof iat !== 'number') return null;
      if (iss !== ISSUER || !audienceMatches(aud)) return null;
      if (typeof sub !== 'string' || typeof sid !== 'string') return null;
      return { userId: sub, sessionId: sid };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
