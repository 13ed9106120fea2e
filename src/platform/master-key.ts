// The key-encryption key of the secrets fidis keeps in its database (decision 072). It never lives in the database:
// it comes from FIDIS_MASTER_KEY, or in the demo from DATA_DIR/master.key, so a copy of the database alone opens
// no secret. Each secret is sealed with AES-256-GCM under a fresh IV, with the secret's name as additional data,
// so a sealed value moved to another row does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Marks a sealed value; a clear value (base64 of the old format) can never start with it. */
const PREFIX = 'mk1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const MASTER_KEY_BYTES = 32;

/**
 * The additional data a stored secret is sealed with: its table and row, so a sealed value copied to another row
 * does not open there. The stores and the rotation command name secrets this one way.
 */
export const sealedLabel = (table: string, row: string) => `${table}:${row}`;

export class MasterKeyMismatchError extends Error {
  constructor(name: string) {
    super(
      `o segredo ${name} não abre com esta FIDIS_MASTER_KEY: a chave mestra é outra, ou o valor foi alterado; ` +
        'use a chave com que ele foi guardado (docs/operations.md, rotação da chave mestra)',
    );
    this.name = 'MasterKeyMismatchError';
  }
}

export class MasterKey {
  readonly #key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== MASTER_KEY_BYTES) throw new Error(`a chave mestra precisa de ${MASTER_KEY_BYTES} bytes`);
    this.#key = Buffer.from(key);
  }

  static fromBase64(text: string): MasterKey {
    return new MasterKey(Buffer.from(text.trim(), 'base64'));
  }

  static generate(): MasterKey {
    return new MasterKey(randomBytes(MASTER_KEY_BYTES));
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(name: string, secret: Uint8Array): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(name, 'utf8'));
    const body = Buffer.concat([cipher.update(secret), cipher.final()]);
    return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
  }

  /**
   * A key of its own for one use (HKDF-SHA256, `info` naming the use): the audit chain's MAC and signing keys
   * (decision 125) live nowhere but here, so a copy of the database cannot forge them, and a rotation changes them.
   */
  derive(info: string, bytes = 32): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#key, Buffer.alloc(0), Buffer.from(info, 'utf8'), bytes));
  }

  open(name: string, stored: string): Buffer {
    if (!MasterKey.isSealed(stored)) throw new Error(`o segredo ${name} não está cifrado com a chave mestra`);
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new MasterKeyMismatchError(name);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(name, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new MasterKeyMismatchError(name);
    }
  }
}

export interface MasterKeySource {
  FIDIS_MODE: 'demo' | 'production';
  FIDIS_MASTER_KEY?: string;
  DATA_DIR: string;
}

/**
 * The master key of this process: FIDIS_MASTER_KEY when set; in the demo otherwise the one in DATA_DIR/master.key,
 * created there (0600) on first start. Production never falls back to a file: the start-up check requires the
 * variable, so the key can live in a secret manager apart from the database and its backups.
 */
export function loadMasterKey(source: MasterKeySource): MasterKey {
  if (source.FIDIS_MASTER_KEY) return MasterKey.fromBase64(source.FIDIS_MASTER_KEY);
  if (source.FIDIS_MODE === 'production') throw new Error('FIDIS_MASTER_KEY é obrigatória em produção');
  const file = resolve(source.DATA_DIR, 'master.key');
  try {
    return MasterKey.fromBase64(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    // 'wx': of two processes creating it at once, one writes and the other reads the winner's key.
    writeFileSync(file, `${randomBytes(MASTER_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return MasterKey.fromBase64(readFileSync(file, 'utf8'));
}
