import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMasterKey, MasterKey, MasterKeyMismatchError } from './master-key.ts';

describe('MasterKey', () => {
  const key = MasterKey.generate();
  const secret = Buffer.from('0123456789abcdef0123456789abcdef');

  it('seals with a fresh IV each time and opens only under the same name and key', () => {
    const a = key.seal('bff_secrets:x', secret);
    const b = key.seal('bff_secrets:x', secret);
    expect(a).not.toBe(b);
    expect(MasterKey.isSealed(a)).toBe(true);
    expect(a).not.toContain(secret.toString('base64').slice(0, 20));
    expect(key.open('bff_secrets:x', a)).toEqual(secret);
    expect(() => key.open('bff_secrets:y', a)).toThrow(MasterKeyMismatchError);
    expect(() => MasterKey.generate().open('bff_secrets:x', a)).toThrow(MasterKeyMismatchError);
  });

  it('refuses a sealed value with any byte changed', () => {
    const sealed = key.seal('n', secret);
    const raw = Buffer.from(sealed.slice(4), 'base64');
    for (const i of [0, 12, raw.length - 1]) {
      const bad = Buffer.from(raw);
      bad[i] = (bad[i] ?? 0) ^ 1;
      expect(() => key.open('n', `mk1:${bad.toString('base64')}`)).toThrow(MasterKeyMismatchError);
    }
  });

  it('is 32 bytes, no more, no less', () => {
    expect(() => new MasterKey(Buffer.alloc(16))).toThrow();
    expect(() => MasterKey.fromBase64(Buffer.alloc(33).toString('base64'))).toThrow();
  });
});

describe('loadMasterKey', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('in the demo creates DATA_DIR/master.key once, readable by its owner only, and keeps using it', () => {
    dir = mkdtempSync(join(tmpdir(), 'fidis-mk-'));
    const first = loadMasterKey({ FIDIS_MODE: 'demo', DATA_DIR: join(dir, 'data') });
    const file = join(dir, 'data', 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = loadMasterKey({ FIDIS_MODE: 'demo', DATA_DIR: join(dir, 'data') });
    expect(again.open('n', first.seal('n', Buffer.from('x')))).toEqual(Buffer.from('x'));
  });

  it('takes FIDIS_MASTER_KEY when set and never falls back to a file in production', () => {
    const text = Buffer.alloc(32, 3).toString('base64');
    const fromEnv = loadMasterKey({ FIDIS_MODE: 'production', DATA_DIR: '/nonexistent', FIDIS_MASTER_KEY: text });
    expect(MasterKey.fromBase64(text).open('n', fromEnv.seal('n', Buffer.from('y')))).toEqual(Buffer.from('y'));
    expect(() => loadMasterKey({ FIDIS_MODE: 'production', DATA_DIR: '/nonexistent' })).toThrow(/obrigatória/);
  });
});
