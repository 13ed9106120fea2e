import type { Db } from '../../db/client.ts';

/**
 * Where a builder writes: the test's own database (the harness, or the security stack's provider), and, when the
 * provider there can be told, the logins the second-factor requirement skips (decision 091) — a built operator signs
 * in with a password only, as the seeded ones do, unless the test says otherwise.
 */
export interface Builds {
  db: Db;
  exemptFromSecondFactor?(login: string): void;
}
