// What route plugins receive: the database and the services built once per provider instance.
import type { MasterKey } from '../platform/master-key.ts';
import type { AuditKeys } from './audit/keys.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SessionCache } from './services/session-cache.ts';
import type { TokenService } from './services/tokens.ts';

export interface ProviderContext {
  db: Db;
  clock: () => Date;
  tokens: TokenService;
  /** The sessions this instance read in the last second, dropped by every change notified (issue 17). */
  sessions: SessionCache;
  mailer: Mailer;
  /** HMAC key of the stored recovery codes. */
  codeKey: Buffer;
  /** Seals each user's TOTP secret (decision 091), as it seals the server's secrets (decision 072). */
  masterKey: MasterKey;
  /** Where the audit chain's signed heads are published, and the keys that check them (decision 125). */
  auditHeads: { keys: AuditKeys; dir: string };
  /**
   * Logins the second-factor requirement skips: the demo's seeded operators, so the demo can be tried without an
   * authenticator app (decision 091). Always empty in production. An enrolled factor is asked all the same.
   */
  secondFactorExempt: ReadonlySet<string>;
  /** How long a sign-in or a confirmation vouches for the operator (STEP_UP_MAX_AGE_S, at most 5 minutes). */
  stepUpMaxAgeMs: number;
  /** Per-IP limit for the public routes (login, recovery); false turns it off. */
  publicRateLimit: { max: number; timeWindow: number } | false;
}
