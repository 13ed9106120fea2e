// The device's access token: an HS256 JWT under the BFF's stored secret, naming the device (sub) and its
// session (sid), issued once at registration.
import { jwtVerify, SignJWT } from 'jose';
import { refuse } from '../errors.ts';

export const ACCESS_TOKEN_TTL_S = 12 * 60 * 60;
const TOKEN_ISSUER = 'fidis-bff';
const TOKEN_AUDIENCE = 'fidis-bff/proxy';

export interface AccessClaims {
  sub: string | undefined;
  sid: unknown;
  exp: number | undefined;
}

export class AccessTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number,
  ) {}

  issue(deviceId: string, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(deviceId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
      .sign(this.secret);
  }

  /** The claims of a token whose signature, issuer, audience and times hold at `at`; refused as unauthorized else. */
  async verify(token: string, at: number): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        currentDate: new Date(at),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
    } catch {
      throw refuse.unauthorized();
    }
  }
}
