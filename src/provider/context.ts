// What route plugins receive: the database and the services built once per provider instance.
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { TokenService } from './services/tokens.ts';

export interface ProviderContext {
  db: Db;
  clock: () => Date;
  tokens: TokenService;
  mailer: Mailer;
  /** HMAC key of the stored recovery codes. */
  codeKey: Buffer;
  /** Per-IP limit for the public routes (login, recovery); false turns it off. */
  publicRateLimit: { max: number; timeWindow: number } | false;
}
