// The server's RSA key pair and the access-token secret: generated once, kept in the database, so restarts and
// every BFF instance serve the same key and accept each other's tokens. `on conflict do nothing` + read back
// makes concurrent first starts converge on whichever row was written first.
import { createPublicKey, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { RSA_MIN_BITS } from '../../contracts/constants.ts';
import type { SqlRunner } from '../../platform/database.ts';

const generateKeyPairAsync = promisify(generateKeyPair);
const KEY_ID = 'transport';
const TOKEN_SECRET = 'access-token-hs256';

export interface StoredKeyPair {
  /** SPKI DER, base64 */
  publicSpki: string;
  /** PKCS#8 DER */
  privatePkcs8: Uint8Array<ArrayBuffer>;
  bits: number;
}

export class KeyTooWeakError extends Error {
  constructor(bits: number, where: string) {
    super(`RSA key of ${bits} bits (${where}) is below the minimum of ${RSA_MIN_BITS} bits; refusing to start`);
    this.name = 'KeyTooWeakError';
  }
}

/** The actual modulus size of an SPKI key, read from the key itself (never trusted from a column). */
function modulusBits(spkiBase64: string): number {
  const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error('stored transport key is not an RSA key');
  return key.asymmetricKeyDetails?.modulusLength ?? 0;
}

export async function loadOrCreateKeyPair(sql: SqlRunner, configuredBits: number): Promise<StoredKeyPair> {
  if (!Number.isInteger(configuredBits) || configuredBits < RSA_MIN_BITS) {
    throw new KeyTooWeakError(configuredBits, 'RSA_KEY_BITS');
  }
  const read = async () => {
    const { rows } = await sql.query<{ public_spki: string; private_pkcs8: string }>(
      'select public_spki, private_pkcs8 from bff_keys where id = $1',
      [KEY_ID],
    );
    return rows[0];
  };
  let row = await read();
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
      modulusLength: configuredBits,
      publicExponent: 0x10001,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    });
    await sql.query(
      `insert into bff_keys (id, public_spki, private_pkcs8, modulus_bits) values ($1, $2, $3, $4)
       on conflict (id) do nothing`,
      [KEY_ID, publicKey.toString('base64'), privateKey.toString('base64'), configuredBits],
    );
    row = await read();
    if (!row) throw new Error('transport key could not be stored');
  }
  const bits = modulusBits(row.public_spki);
  if (bits < RSA_MIN_BITS) throw new KeyTooWeakError(bits, 'stored key');
  const der = Buffer.from(row.private_pkcs8, 'base64');
  const privatePkcs8 = new Uint8Array(new ArrayBuffer(der.length));
  privatePkcs8.set(der);
  return { publicSpki: row.public_spki, privatePkcs8, bits };
}

/** The HS256 secret that signs access tokens (32 random bytes). */
export async function loadOrCreateTokenSecret(sql: SqlRunner): Promise<Uint8Array> {
  await sql.query('insert into bff_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    TOKEN_SECRET,
    randomBytes(32).toString('base64'),
  ]);
  const { rows } = await sql.query<{ value: string }>('select value from bff_secrets where name = $1', [TOKEN_SECRET]);
  const value = rows[0]?.value;
  if (!value) throw new Error('access-token secret could not be stored');
  const secret = new Uint8Array(Buffer.from(value, 'base64'));
  if (secret.length < 32) throw new Error('stored access-token secret is shorter than 32 bytes');
  return secret;
}
