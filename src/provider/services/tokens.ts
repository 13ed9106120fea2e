// Bearer tokens: HS256 JWTs that only name a session. Whether the session is still alive is the
// database's answer (services/sessions.ts), so a sign-out or an idle expiry takes effect at once.
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'fidis-provider';
const AUDIENCE = 'fidis-portal';
/** An absolute ceiling on top of the idle expiry: no token outlives a working day. */
const MAX_LIFETIME_S = 12 * 60 * 60;

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export function createTokenService(secret: Uint8Array, clock: () => Date) {
  const seconds = () => Math.floor(clock().getTime() / 1000);
  // Imported once: given raw bytes, jose imports a new CryptoKey on every sign and verify, which is every call.
  const keyPromise = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
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
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
