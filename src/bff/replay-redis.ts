// The replay cache and rate-limit counters shared by several BFF instances, in Redis (REDIS_URL).
// One connection per process serves both; the process that opened it closes it. Every key carries the
// connection's keyPrefix (REDIS_KEY_PREFIX, 'fidis:'), so deployments can share one Redis without meeting.
import { Redis } from 'ioredis';
import { type ReplayGuard, ReplayStoreUnavailableError } from './replay.ts';

export const RATE_LIMIT_NAMESPACE = 'rate-limit:';
export const REPLAY_NAMESPACE = 'replay:';

export class RedisReplayGuard implements ReplayGuard {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
    private readonly prefix = REPLAY_NAMESPACE,
  ) {}

  async firstSeen(scope: string, requestId: string, expiresAt: number): Promise<boolean> {
    // A relative expiry, so instances whose clocks differ slightly still agree on the key's life.
    const ttlMs = Math.max(1, Math.ceil(expiresAt - this.now()));
    let answer: string | null;
    try {
      answer = await this.redis.set(`${this.prefix}${scope}:${requestId}`, '1', 'PX', ttlMs, 'NX');
    } catch (err) {
      // Fail closed: an id that cannot be recorded could be replayed through another instance.
      throw new ReplayStoreUnavailableError(err);
    }
    return answer === 'OK';
  }
}

export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Where a Redis URL points, without its password (for logs and the start-up line). */
export function redisLocation(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

/**
 * Connects and waits until Redis answers, so a wrong REDIS_URL stops start-up like an unreachable database.
 * Commands fail fast while the link is down (no offline queue, short timeout) instead of holding requests;
 * the client keeps reconnecting in the background.
 */
export async function connectRedis(
  url: string,
  log: RedisLog,
  { keyPrefix = 'fidis:', commandTimeoutMs = 1_000 }: { keyPrefix?: string; commandTimeoutMs?: number } = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    commandTimeout: commandTimeoutMs,
  });
  const where = redisLocation(url);
  // Logged once per outage, not at every reconnection attempt; a failure at start-up is thrown below instead.
  let state: 'starting' | 'up' | 'down' = 'starting';
  let startError: Error | undefined;
  redis.on('error', (err: Error) => {
    if (state === 'starting') startError ??= err;
    if (state !== 'up') return;
    state = 'down';
    log.warn({ err, redis: where }, 'Redis indisponível: o BFF recusa /devices e /proxy (503) até voltar');
  });
  redis.on('ready', () => {
    if (state === 'down') log.info({ redis: where }, 'Redis disponível de novo');
    state = 'up';
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    // The socket's own error (ECONNREFUSED, ENOTFOUND, NOAUTH…) says more than ioredis' "Connection is closed".
    const reason = startError ?? err;
    throw new Error(`Redis em ${where} não respondeu: ${reason instanceof Error ? reason.message : String(reason)}`, {
      cause: reason,
    });
  }
  return redis;
}
