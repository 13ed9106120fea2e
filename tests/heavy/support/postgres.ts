// A PostgreSQL database of its own for one heavy suite, on the machine's server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_SERVER = process.env.HEAVY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  url: string;
  /** Ends every server connection to it, as a PostgreSQL restart or failover does; resolves once they are gone. */
  terminateConnections(): Promise<number>;
  drop(): Promise<void>;
}

export async function createDatabase(kind: string): Promise<ScratchDatabase> {
  const name = `fidis_${kind}_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  const terminateConnections = async () => {
    const client = new pg.Client({ connectionString: POSTGRES_SERVER });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1) t',
        [name],
      );
      while ((await client.query('select 1 from pg_stat_activity where datname = $1', [name])).rows.length > 0) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return (rows[0] as { n: number }).n;
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    terminateConnections,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
