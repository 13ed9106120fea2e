// The server's RSA key pair and the access-token secret: generated once, kept in the database, so restarts and
// every BFF instance serve the same key and accept each other's tokens. `on conflict do nothing` + read back
// makes concurrent first starts converge on whichever row was written first. The private key and the secret are
// stored sealed under the master key (decision 072); the public key stays clear, it is public.
import { createPublicKey, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { RSA_MIN_BITS } from '../../contracts/constants.ts';
import type { SqlRunner } from '../../platform/database.ts';
import { MasterKey, sealedLabel } from '../../platform/master-key.ts';

const generateKeyPairAsync = promisify(generateKeyPair);
const KEY_ID = 'transport';
const TOKEN_SECRET = 'access-token-hs256';

const PRIVATE_KEY_LABEL = sealedLabel('bff_keys', KEY_ID);
const TOKEN_SECRET_LABEL = sealedLabel('bff_secrets', TOKEN_SECRET);

/**
 * The clear bytes of a stored secret. A value stored in the clear before decision 072 is sealed on the way: the
 * update applies only to the value read, so of several instances starting together one seals it and the others
 * change nothing (no start-up lock needed); all of them go on with the same secret.
 */
async function openOrSeal(
  sql: SqlRunner,
  masterKey: MasterKey,
  label: string,
  stored: string,
  update: string,
  key: string,
): Promise<Buffer> {
  if (MasterKey.isSealed(stored)) return masterKey.open(label, stored);
  const secret = Buffer.from(stored, 'base64');
  await sql.query(update, [masterKey.seal(label, secret), key, stored]);
  return secret;
}

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

export async function loadOrCreateKeyPair(
  sql: SqlRunner,
  configuredBits: number,
  masterKey: MasterKey,
): Promise<StoredKeyPair> {
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
      [KEY_ID, publicKey.toString('base64'), masterKey.seal(PRIVATE_KEY_LABEL, privateKey), configuredBits],
    );
    row = await read();
    if (!row) throw new Error('transport key could not be stored');
  }
  const bits = modulusBits(row.public_spki);
  if (bits < RSA_MIN_BITS) throw new KeyTooWeakError(bits, 'stored key');
  const der = await openOrSeal(
    sql,
    masterKey,
    PRIVATE_KEY_LABEL,
    row.private_pkcs8,
    'update bff_keys set private_pkcs8 = $1 where id = $2 and private_pkcs8 = $3',
    KEY_ID,
  );
  const privatePkcs8 = new Uint8Array(new ArrayBuffer(der.length));
  privatePkcs8.set(der);
  return { publicSpki: row.public_spki, privatePkcs8, bits };
}

/** The HS256 secret that signs access tokens (32 random bytes). */
export async function loadOrCreateTokenSecret(sql: SqlRunner, masterKey: MasterKey): Promise<Uint8Array> {
  await sql.query('insert into bff_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    TOKEN_SECRET,
    masterKey.seal(TOKEN_SECRET_LABEL, randomBytes(32)),
  ]);
  const { rows } = await sql.query<{ value: string }>('select value from bff_secrets where name = $1', [TOKEN_SECRET]);
  const value = rows[0]?.value;
  if (!value) throw new Error('access-token secret could not be stored');
  const secret = new Uint8Array(
    await openOrSeal(
      sql,
      masterKey,
      TOKEN_SECRET_LABEL,
      value,
      'update bff_secrets set value = $1 where name = $2 and value = $3',
      TOKEN_SECRET,
    ),
  );
  if (secret.length < 32) throw new Error('stored access-token secret is shorter than 32 bytes');
  return secret;
}
