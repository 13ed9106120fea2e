// Expired device sessions leave the BFF's database (decision 069): on PGlite, and on PostgreSQL with DATABASE_URL.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MasterKey } from '../platform/master-key.ts';
import { type FreshDatabase, freshDatabase } from '../platform/test-database.ts';
import { ACCESS_TOKEN_TTL_S } from './app.ts';
import { schedulePurge } from './plugins/purge.ts';
import { MemoryReplayGuard } from './replay.ts';
import { DeviceStore } from './store/devices.ts';
import { ensureBffSchema } from './store/schema.ts';

const TTL_MS = ACCESS_TOKEN_TTL_S * 1000;
let fresh: FreshDatabase;
let devices: DeviceStore;
beforeAll(async () => {
  fresh = await freshDatabase();
  await ensureBffSchema(fresh.handle.sql);
  devices = new DeviceStore(fresh.handle.sql, MasterKey.generate());
});
afterAll(() => fresh?.dispose());

async function session(ageHours: number): Promise<string> {
  const deviceId = crypto.randomUUID();
  await devices.save({
    deviceId,
    fid: 'fid',
    sessionId: crypto.randomUUID(),
    cipherAES: 'c'.repeat(32),
    tokenAES: 't'.repeat(32),
    deviceName: 'teste',
    ip: '',
  });
  await fresh.handle.sql.query(
    `update bff_device_sessions set created_at = now() - make_interval(hours => $2) where device_id = $1`,
    [deviceId, ageHours],
  );
  return deviceId;
}

describe('device session purge', () => {
  it('deletes the sessions whose access tokens have expired, and keeps the live ones', async () => {
    const expired = await session(ACCESS_TOKEN_TTL_S / 3600 + 1);
    const live = await session(ACCESS_TOKEN_TTL_S / 3600 - 1);
    expect(await devices.purgeOlderThan(TTL_MS)).toBeGreaterThanOrEqual(1);
    expect(await devices.find(expired)).toBeNull();
    expect(await devices.find(live)).not.toBeNull();
    expect(await devices.purgeOlderThan(TTL_MS)).toBe(0);
  });

  it('runs on the BFF’s timer, sweeping the memory replay cache too, and stops when the app closes', async () => {
    const expired = await session(ACCESS_TOKEN_TTL_S / 3600 + 1);
    let now = 0;
    const replay = new MemoryReplayGuard(() => now, 100, 60_000);
    await replay.firstSeen('d', 'r', 1_000);
    now = 5_000;
    const app = Fastify({ logger: false });
    schedulePurge(app, { devices, replay, sessionTtlMs: TTL_MS, everyMs: 5 });
    await vi.waitFor(async () => expect(await devices.find(expired)).toBeNull());
    expect(replay.size).toBe(0);
    await app.close();
  });
});
