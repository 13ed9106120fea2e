// Two providers started at the same moment on one empty PostgreSQL database, as two instances behind a balancer
// start after a deploy: one migrates and seeds, the other waits for it (an advisory lock) and then finds the data.
// Without the lock both seeded: each newcomer got two welcome mails, with two different temporary passwords.
import pg from 'pg';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contracts/endpoints.ts';
import { createDatabase, type ScratchDatabase } from './support/postgres.ts';
import { bffCallerHeaders, PROVIDER_READY, startTier, type Tier } from './support/tier.ts';

const DEMO_PASSWORD = 'Juntos-demo-2026';

let db: ScratchDatabase | undefined;
const tiers: Tier[] = [];
let started: PromiseSettledResult<Tier>[] = [];

beforeAll(async () => {
  db = await createDatabase('together');
  const provider = (name: string) =>
    startTier(name, 'start:provider', { DATABASE_URL: db!.url, PROVIDER_PORT: '0', DEMO_PASSWORD }, PROVIDER_READY);
  started = await Promise.allSettled([provider('provider 1'), provider('provider 2')]);
  for (const s of started) if (s.status === 'fulfilled') tiers.push(s.value);
}, 300_000);

afterAll(async () => {
  await Promise.all(tiers.map((t) => t.kill()));
  await db?.drop();
});

describe('two providers starting together on an empty database', () => {
  it('both come up, on one set of demo data', async () => {
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up']);
    const client = new pg.Client({ connectionString: db!.url });
    await client.connect();
    try {
      const count = async (sql: string) => (await client.query<{ n: number }>(sql)).rows[0]?.n;
      expect(await count('select count(*)::int as n from companies')).toBe(3);
      expect(await count(`select count(*)::int as n from portal_users where login = 'demo'`)).toBe(1);
      // Each newcomer's welcome mail was written once, by the instance that seeded.
      expect(await count('select count(*)::int - count(distinct "to")::int as n from outbox')).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('the demo operator signs in through either instance', async () => {
    for (const tier of tiers) {
      const res = await request(`${tier.url}${endpoints.login.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bffCallerHeaders },
        body: JSON.stringify({ login: 'demo', senha: DEMO_PASSWORD }),
      });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as { token?: string }).token).toBeTruthy();
    }
  });
});
