// The provider verifies bearer tokens with its own HS256 check (issue 17); jose, the library it replaced on this path,
// is the referee. Every token below is judged by both, and both must agree: the same claims for a good token, a
// refusal for anything expired, early, forged, re-signed with another key or algorithm, or malformed.
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = new Uint8Array(Buffer.from('c2VjcmV0LWtleS1mb3ItdGVzdHMtb25seS0zMmJ5dGVz', 'base64'));
const otherSecret = new Uint8Array(32).fill(7);
const NOW = new Date('2026-11-25T12:00:00Z');
const now = Math.floor(NOW.getTime() / 1000);
const clock = () => NOW;
const userId = '0190a6e0-0000-7000-8000-000000000001';
const sessionId = '0190a6e0-0000-7000-8000-000000000002';

/** What jose says of a token under the provider's rules: the claims, or null. */
async function joseVerdict(token: string) {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: 'fidis-provider',
      audience: 'fidis-portal',
      currentDate: NOW,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

interface Shape {
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
  key?: Uint8Array;
  sub?: string | null;
  iss?: string;
  aud?: string | string[];
  iat?: number | null;
  exp?: number | null;
}

async function signed(shape: Shape = {}): Promise<string> {
  const jwt = new SignJWT({ sid: sessionId, ...shape.claims }).setProtectedHeader({
    alg: 'HS256',
    typ: 'JWT',
    ...shape.header,
  } as { alg: string });
  if (shape.sub !== null) jwt.setSubject(shape.sub ?? userId);
  jwt.setIssuer(shape.iss ?? 'fidis-provider').setAudience(shape.aud ?? 'fidis-portal');
  if (shape.iat !== null) jwt.setIssuedAt(shape.iat ?? now - 60);
  if (shape.exp !== null) jwt.setExpirationTime(shape.exp ?? now + 3600);
  return jwt.sign(shape.key ?? secret);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Valid, borderline and hostile tokens: 60 of them. */
async function corpus(): Promise<Array<[string, string]>> {
  const good = await signed();
  const [h, p, s] = good.split('.') as [string, string, string];
  const cases: Array<[string, string]> = [
    ['valid', good],
    ['issued by the service itself', await createTokenService(secret, clock).sign({ userId, sessionId })],
    ['expires in one second', await signed({ exp: now + 1 })],
    ['expires now', await signed({ exp: now })],
    ['expired a second ago', await signed({ exp: now - 1 })],
    ['expired yesterday', await signed({ exp: now - 86_400 })],
    ['not before in the future', await signed({ claims: { nbf: now + 60 } })],
    ['not before now', await signed({ claims: { nbf: now } })],
    ['not before in the past', await signed({ claims: { nbf: now - 60 } })],
    ['not before as a string', await signed({ claims: { nbf: String(now) } })],
    ['issued at as a string', await signed({ claims: { iat: 'yesterday' } })],
    ['issued in the future', await signed({ iat: now + 3600 })],
    ['wrong issuer', await signed({ iss: 'someone-else' })],
    ['issuer in another case', await signed({ iss: 'FIDIS-PROVIDER' })],
    ['wrong audience', await signed({ aud: 'another-portal' })],
    ['audience list with ours', await signed({ aud: ['x', 'fidis-portal'] })],
    ['audience list without ours', await signed({ aud: ['x', 'y'] })],
    ['no subject', await signed({ sub: null })],
    ['numeric subject', await signed({ claims: { sub: 42 } })],
    ['no session id', await signed({ claims: { sid: undefined } })],
    ['numeric session id', await signed({ claims: { sid: 7 } })],
    ['signed with another key', await signed({ key: otherSecret })],
    ['exp as a string', await signed({ claims: { exp: String(now + 60) } })],
    ['extra claims', await signed({ claims: { role: 'admin', nested: { a: 1 } } })],
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`],
    ['alg none with the real signature', `${b64({ alg: 'none', typ: 'JWT' })}.${p}.${s}`],
    ['alg HS512 header over the HS256 signature', `${b64({ alg: 'HS512', typ: 'JWT' })}.${p}.${s}`],
    ['signature dropped', `${h}.${p}.`],
    ['signature truncated', `${h}.${p}.${s.slice(0, -2)}`],
    ['signature lengthened', `${h}.${p}.${s}AA`],
    ['signature of another payload', `${h}.${b64({ sub: 'intruder', sid: sessionId, exp: now + 60 })}.${s}`],
    [
      'payload swapped, signature kept',
      `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'x' })}.${s}`,
    ],
    ['two segments', `${h}.${p}`],
    ['four segments', `${h}.${p}.${s}.${s}`],
    ['empty', ''],
    ['dots only', '..'],
    ['header not base64url', `${h}!.${p}.${s}`],
    ['payload with padding', `${h}.${p}=.${s}`],
    ['payload not JSON', `${h}.${Buffer.from('not json').toString('base64url')}.${s}`],
    ['random text', 'eyJ.eyJ.abc'],
  ];
  // Twenty single-character changes spread over the token: each must be refused by both.
  for (let i = 0; i < 20; i++) {
    const at = Math.floor(((i + 0.5) / 20) * good.length);
    const char = good[at];
    if (char === '.' || char === undefined) continue;
    const replacement = char === 'A' ? 'B' : 'A';
    cases.push([`character ${at} changed`, `${good.slice(0, at)}${replacement}${good.slice(at + 1)}`]);
  }
  // The header must be the one sign writes; a token with another header our own service never issued is refused
  // even when jose would take it (a kid, no typ): that is stricter than jose on purpose, and checked separately.
  return cases;
}

describe('bearer token verification (node:crypto HS256)', () => {
  const tokens = createTokenService(secret, clock);

  it('agrees with jose on every token of the corpus', async () => {
    const cases = await corpus();
    expect(cases.length).toBeGreaterThanOrEqual(55);
    const disagreements: string[] = [];
    let accepted = 0;
    for (const [name, token] of cases) {
      const ours = await tokens.verify(token);
      const reference = await joseVerdict(token);
      if (reference) accepted++;
      if (JSON.stringify(ours) !== JSON.stringify(reference)) {
        disagreements.push(`${name}: ours ${JSON.stringify(ours)}, jose ${JSON.stringify(reference)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The corpus must hold both verdicts, or agreement would prove nothing.
    expect(accepted).toBeGreaterThanOrEqual(8);
  });

  it('answers the claims of a token it signed, until it expires', async () => {
    const token = await tokens.sign({ userId, sessionId });
    expect(await tokens.verify(token)).toEqual({ userId, sessionId });
    const later = createTokenService(secret, () => new Date(NOW.getTime() + 12 * 3600 * 1000));
    expect(await later.verify(token)).toBeNull();
  });

  it('refuses headers it never writes, even ones jose would take', async () => {
    const withKid = await signed({ header: { kid: 'k1' } });
    const withoutTyp = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('fidis-provider')
      .setAudience('fidis-portal')
      .setExpirationTime(now + 60)
      .sign(secret);
    expect(await joseVerdict(withKid)).not.toBeNull();
    expect(await joseVerdict(withoutTyp)).not.toBeNull();
    expect(await tokens.verify(withKid)).toBeNull();
    expect(await tokens.verify(withoutTyp)).toBeNull();
  });

  it('refuses a token without an expiry, which it never issues', async () => {
    const forever = await signed({ exp: null });
    expect(await joseVerdict(forever)).not.toBeNull();
    expect(await tokens.verify(forever)).toBeNull();
  });
});
