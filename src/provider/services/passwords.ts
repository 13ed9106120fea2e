// Password hashing with node:crypto scrypt (no native build). The parameters travel inside the hash, so a raised
// cost applies to each user at their next sign-in (rehash) without invalidating the stored hashes (decision 062).
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet's scrypt figure: 128 MiB and roughly a third of a second per hash. */
export const OWASP_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/** The cost every hash had before decision 062; kept for the benchmark and the rehash tests. */
export const LEGACY_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

/**
 * The cost of new hashes. The test suites hash hundreds of passwords, so under NODE_ENV=test (set by Vitest) or
 * FIDIS_TEST_PASSWORD_COST=legacy (the E2E product, whose SPA build must keep NODE_ENV alone) they get the legacy
 * cost — but never in production mode, whatever either says.
 */
export function targetCost(env: NodeJS.ProcessEnv = process.env): ScryptCost {
  const testing = env.NODE_ENV === 'test' || env.FIDIS_TEST_PASSWORD_COST === 'legacy';
  return testing && env.FIDIS_MODE !== 'production' ? LEGACY_COST : OWASP_COST;
}

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/** scrypt needs about 128·N·r bytes (plus 128·r·p); anything above Node's 32 MiB default must be allowed. */
const maxmemFor = ({ N, r, p }: ScryptCost) => 128 * r * (N + p + 2) + 1024 * 1024;

function derive(password: string, salt: Buffer, cost: ScryptCost, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: maxmemFor(cost) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost: ScryptCost = targetCost()): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  return { cost: { N: +n, r: +r, p: +p }, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(actual, parsed.key);
}

/** Whether a stored hash was made with another cost than today's: hash the password again once it is known. */
export function needsRehash(stored: string, cost: ScryptCost = targetCost()): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}

/** A hash no password matches: checked against when the login is unknown, so timing does not reveal it. */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
}
