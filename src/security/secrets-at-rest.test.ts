// A copy of the database alone opens no secret (decision 072): after both tiers start on one database, as
// `npm start` runs them, no table holds the BFF's private key, its token secret or the provider's keys in any
// encoding; each stored value opens only with the master key, and only under its own name.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBff } from '../bff/app.ts';
import { DeviceStore } from '../bff/store/devices.ts';
import { loadOrCreateKeyPair, loadOrCreateTokenSecret } from '../bff/store/keys.ts';
import { ensureBffSchema } from '../bff/store/schema.ts';
import { TEST_MASTER_KEY, testConfig } from '../platform/config.ts';
import type { DatabaseHandle } from '../platform/database.ts';
import { MasterKey, MasterKeyMismatchError } from '../platform/master-key.ts';
import { rotateMasterKey } from '../platform/rotate-master-key.ts';
import { type FreshDatabase, freshDatabase } from '../platform/test-database.ts';
import { buildProvider } from '../provider/app.ts';
import { createDb } from '../provider/db/client.ts';
import { migrate } from '../provider/db/migrate.ts';
import { loadSecret } from '../provider/services/secrets.ts';

/** Every row of every table, as text: what someone holding a dump of the database sees. */
async function dumpEveryTable(handle: DatabaseHandle): Promise<string> {
  const { rows: tables } = await handle.sql.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await handle.sql.query<{ row: string }>(`select t::text as row from ${name} t`);
    parts.push(name, ...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** The ways a secret's bytes could sit in a text column. */
const encodings = (secret: Uint8Array) => {
  const b = Buffer.from(secret);
  return [b.toString('base64').replace(/=+$/, ''), b.toString('base64url'), b.toString('hex')];
};

describe('secrets at rest under the master key', () => {
  let data: FreshDatabase;
  const masterKey = MasterKey.fromBase64(TEST_MASTER_KEY);

  beforeAll(async () => {
    data = await freshDatabase();
    await migrate(data.handle);
    const config = testConfig();
    const provider = buildProvider({ db: data.handle, config });
    await provider.ready();
    const bff = await buildBff({
      config,
      sql: data.handle.sql,
      upstreams: { prod: 'http://127.0.0.1:9', sandbox: 'http://127.0.0.1:9' },
    });
    await bff.close();
    await provider.close();
  }, 120_000);
  afterAll(() => data.dispose());

  it('a dump of every table holds no private key, token secret, provider key or device session secret', async () => {
    // What the servers use, read back through the stores with the master key.
    const keyPair = await loadOrCreateKeyPair(data.handle.sql, 2048, masterKey);
    const secrets = {
      'BFF private key (PKCS#8 DER)': keyPair.privatePkcs8,
      'BFF access-token secret': await loadOrCreateTokenSecret(data.handle.sql, masterKey),
      'provider token key': await loadSecret(createDb(data.handle), 'jwt-signing-key', masterKey),
      'provider recovery-code key': await loadSecret(createDb(data.handle), 'recovery-code-key', masterKey),
    };
    // A live device session, as POST /devices stores it.
    const session = {
      deviceId: '0190f0a0-0000-7000-8000-000000000001',
      fid: 'fid',
      sessionId: 's1',
      cipherAES: 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
      tokenAES: 'Zy9xWv8uTs7rQp6oNm5lKj4iHg3fEd2c',
      deviceName: 'teste',
      ip: '127.0.0.1',
    };
    const store = new DeviceStore(data.handle.sql, masterKey);
    await store.save(session);
    expect(await store.find(session.deviceId)).toEqual(session);
    const dump = await dumpEveryTable(data.handle);
    expect(dump).toContain('bff_keys');
    expect(dump).toContain(session.deviceId);
    for (const aes of [session.cipherAES, session.tokenAES]) expect(dump.includes(aes), 'device secret').toBe(false);
    expect(dump).toContain('server_secrets');
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThanOrEqual(32);
      for (const encoded of encodings(secret)) expect(dump.includes(encoded), `${what} in the clear`).toBe(false);
    }
  });

  it('without the master key, or with another one, the stored secrets do not open', async () => {
    const other = MasterKey.generate();
    await expect(loadOrCreateTokenSecret(data.handle.sql, other)).rejects.toThrow(MasterKeyMismatchError);
    await expect(loadOrCreateKeyPair(data.handle.sql, 2048, other)).rejects.toThrow(MasterKeyMismatchError);
    await expect(loadSecret(createDb(data.handle), 'jwt-signing-key', other)).rejects.toThrow(MasterKeyMismatchError);
  });
});

/** The three secret columns as stored, to compare before and after. */
async function storedSecrets(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await handle.sql.query<{ v: string }>(
    `select value as v from server_secrets union all select private_pkcs8 from bff_keys
     union all select value from bff_secrets order by 1`,
  );
  return rows.map((r) => r.v);
}

const DEVICE = '0190f0a0-0000-7000-8000-000000000002';
const CIPHER = 'Qw3eRt5yUi7oPa9sDf1gHj2kLz4xCv6b';
const TOKEN = 'Mn8bVc7xZl6kJh5gFd4sAp3oIu2yTr1e';

describe('clear secrets of an older database, and rotation', () => {
  let data: FreshDatabase;
  const clear = {
    jwt: randomBytes(32),
    token: randomBytes(32),
    pkcs8: generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    }),
  };

  beforeAll(async () => {
    data = await freshDatabase();
    await migrate(data.handle);
    await ensureBffSchema(data.handle.sql);
    // As the stores wrote them before decision 072: base64 in the clear.
    const sql = data.handle.sql;
    await sql.query('insert into server_secrets (name, value) values ($1, $2)', [
      'jwt-signing-key',
      clear.jwt.toString('base64'),
    ]);
    await sql.query('insert into bff_secrets (name, value) values ($1, $2)', [
      'access-token-hs256',
      clear.token.toString('base64'),
    ]);
    await sql.query(
      `insert into bff_device_sessions (device_id, fid, session_id, cipher_aes, token_aes, device_name, ip)
       values ($1, 'fid', 's', $2, $3, 'n', '127.0.0.1')`,
      [DEVICE, CIPHER, TOKEN],
    );
    await sql.query('insert into bff_keys (id, public_spki, private_pkcs8, modulus_bits) values ($1, $2, $3, 2048)', [
      'transport',
      clear.pkcs8.publicKey.toString('base64'),
      clear.pkcs8.privateKey.toString('base64'),
    ]);
  }, 120_000);
  afterAll(() => data.dispose());

  const loadAll = (key: MasterKey) =>
    Promise.all([
      loadSecret(createDb(data.handle), 'jwt-signing-key', key),
      loadOrCreateTokenSecret(data.handle.sql, key),
      loadOrCreateKeyPair(data.handle.sql, 2048, key).then((k) => Buffer.from(k.privatePkcs8)),
    ]);

  it('seals clear values on first start, keeping each secret, once, even with instances starting together', async () => {
    const key = MasterKey.fromBase64(TEST_MASTER_KEY);
    const [a, b] = await Promise.all([loadAll(key), loadAll(key)]);
    for (const got of [a, b]) {
      expect(got[0]).toEqual(clear.jwt);
      expect(Buffer.from(got[1])).toEqual(clear.token);
      expect(got[2]).toEqual(clear.pkcs8.privateKey);
    }
    const sealed = await storedSecrets(data.handle);
    expect(sealed.every((v) => MasterKey.isSealed(v))).toBe(true);
    // Idempotent: a later start opens them and writes nothing.
    await loadAll(key);
    expect(await storedSecrets(data.handle)).toEqual(sealed);
  });

  it('rotation re-seals every secret under the next key in one go; a wrong current key changes nothing', async () => {
    const current = MasterKey.fromBase64(TEST_MASTER_KEY);
    const next = MasterKey.generate();
    const before = await storedSecrets(data.handle);
    await expect(rotateMasterKey(data.handle, MasterKey.generate(), next)).rejects.toThrow(MasterKeyMismatchError);
    expect(await storedSecrets(data.handle)).toEqual(before);

    expect(await rotateMasterKey(data.handle, current, next)).toBe(5);
    const [jwt, token, pkcs8] = await loadAll(next);
    expect(jwt).toEqual(clear.jwt);
    expect(Buffer.from(token)).toEqual(clear.token);
    expect(pkcs8).toEqual(clear.pkcs8.privateKey);
    await expect(loadOrCreateTokenSecret(data.handle.sql, current)).rejects.toThrow(MasterKeyMismatchError);
    // The device row written in the clear was sealed by the rotation, and opens with the next key only.
    const device = await new DeviceStore(data.handle.sql, next).find(DEVICE);
    expect(device).toMatchObject({ cipherAES: CIPHER, tokenAES: TOKEN });
    await expect(new DeviceStore(data.handle.sql, current).find(DEVICE)).rejects.toThrow(MasterKeyMismatchError);
  });
});
