// Shared set-up: an in-memory PGlite, the provider double, and a BFF pointed at it.
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import { freshDatabase } from '../../platform/test-database.ts';
import { type BffOptions, buildBff } from '../app.ts';
import { type ProviderDouble, startProviderDouble } from './provider-double.ts';

export interface Fixture {
  db: DatabaseHandle;
  double: ProviderDouble;
  app: FastifyInstance;
  build(overrides?: Partial<BffOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function createFixture(overrides: Partial<BffOptions> = {}): Promise<Fixture> {
  const fresh = await freshDatabase();
  const db = fresh.handle;
  const double = await startProviderDouble();
  const apps: FastifyInstance[] = [];
  const build = async (more: Partial<BffOptions> = {}) => {
    const app = await buildBff({
      config: testConfig(),
      sql: db.sql,
      upstreams: { prod: double.url, sandbox: double.url },
      logger: false,
      ...overrides,
      ...more,
    });
    apps.push(app);
    return app;
  };
  const app = await build();
  return {
    db,
    double,
    app,
    build,
    async close() {
      for (const a of apps) await a.close();
      await double.close();
      await fresh.dispose();
    },
  };
}
