// The BFF: GET /keys, POST /devices, POST /proxy (docs/transport.md), plus /health, /metrics, the SPA and, in the
// demo, /docs.
// It owns device sessions only; its keys and sessions live in the database, so instances are interchangeable.
// This file composes it (decision 079): the services, then the plugins every route relies on, then the routes.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { importPrivateKey } from '../crypto/index.ts';
import { CALLER_KEY_HEADER, callerKeyOf } from '../platform/caller-key.ts';
import type { Config } from '../platform/config.ts';
import type { SqlRunner } from '../platform/database.ts';
import { loadMasterKey, type MasterKey } from '../platform/master-key.ts';
import { accessLog } from './plugins/access-log.ts';
import { deviceAuth } from './plugins/device-auth.ts';
import { errorHandler } from './plugins/errors.ts';
import { requestMetrics } from './plugins/metrics.ts';
import { schedulePurge } from './plugins/purge.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { MemoryReplayGuard, type ReplayGuard } from './replay.ts';
import { RedisReplayGuard } from './replay-redis.ts';
import { RequestIds } from './request-checks.ts';
import { devicesRoutes } from './routes/devices.ts';
import { docsRoutes } from './routes/docs.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { healthRoutes } from './routes/health.ts';
import { keysRoutes } from './routes/keys.ts';
import { proxyRoutes } from './routes/proxy.ts';
import { spa } from './routes/spa.ts';
import { serverOptions } from './server-options.ts';
import { ACCESS_TOKEN_TTL_S, AccessTokens } from './services/access-tokens.ts';
import { DeviceSessions } from './services/device-sessions.ts';
import { BffMetrics } from './services/metrics.ts';
import { UserSessionCookie, UserSessionSealer } from './services/user-session.ts';
import { SessionKeyCache } from './session-cache.ts';
import { DeviceStore } from './store/devices.ts';
import { loadOrCreateKeyPair, loadOrCreateTokenSecret } from './store/keys.ts';
import { ensureBffSchema } from './store/schema.ts';
import { Upstreams } from './upstream.ts';

export { BODY_LIMIT_BYTES } from './request-checks.ts';
export { ACCESS_TOKEN_TTL_S } from './services/access-tokens.ts';

export interface BffOptions {
  config: Config;
  sql: SqlRunner;
  /** Opens the stored private key and token secret; by default the one the configuration names (decision 072). */
  masterKey?: MasterKey;
  /** The real provider base URL per environment; the browser's PROVIDER_HOSTS bases are mapped onto these. */
  upstreams: { prod: string; sandbox: string };
  /** The built SPA (index.html + assets/); served when given and present. */
  staticDir?: string;
  /** false: no logs; true or omitted: JSON logs at config.LOG_LEVEL; an object: pino options merged over those. */
  logger?: boolean | object;
  /** The clock (ms since the epoch), for request-id windows and token times. */
  now?: () => number;
  /** Requests per minute per client address; `signIn` defaults to config.RATE_LIMIT_SIGN_IN. */
  rateLimit?: { devices?: number; proxy?: number; signIn?: number };
  /** Replay protection; defaults to Redis when `redis` is given, else this process's memory. */
  replayGuard?: ReplayGuard;
  /** Shared replay cache and rate-limit counters for several instances; the caller opens and closes it. */
  redis?: Redis;
  /** Fastify trustProxy, when the BFF sits behind a load balancer (the rate limit keys on the client address). */
  trustProxy?: boolean | string | string[];
  upstreamTimeoutMs?: number;
}

export async function buildBff(opts: BffOptions): Promise<FastifyInstance> {
  const { config, sql } = opts;
  const now = opts.now ?? Date.now;

  // Storage first: a weak key or an unreachable database stops start-up before anything listens.
  await ensureBffSchema(sql);
  const masterKey = opts.masterKey ?? loadMasterKey(config);
  const keyPair = await loadOrCreateKeyPair(sql, config.RSA_KEY_BITS, masterKey);
  const privateKey = await importPrivateKey(keyPair.privatePkcs8);
  const tokenSecret = await loadOrCreateTokenSecret(sql, masterKey);
  const userSession = new UserSessionCookie(new UserSessionSealer(tokenSecret, now));
  const devices = new DeviceStore(sql, masterKey);
  const sessions = new DeviceSessions(devices, new SessionKeyCache(), new AccessTokens(tokenSecret, now), now);
  const replay = opts.replayGuard ?? (opts.redis ? new RedisReplayGuard(opts.redis, now) : new MemoryReplayGuard(now));
  const requestIds = new RequestIds(replay, now);
  // The BFF's proof to the provider (decision 129), on every call it forwards: the sealed ones and the downloads.
  const proof = { [CALLER_KEY_HEADER]: callerKeyOf(masterKey) };
  const upstreams = new Upstreams(opts.upstreams, opts.upstreamTimeoutMs, proof);
  const metrics = new BffMetrics();

  const app = Fastify(serverOptions(config, opts));
  app.addHook('onClose', async () => upstreams.close());
  schedulePurge(app, { devices, replay, sessionTtlMs: ACCESS_TOKEN_TTL_S * 1000 });
  // JSON only: a text/plain body (what a cross-site form can send without a preflight) is refused with 415.
  app.removeContentTypeParser('text/plain');

  // Plugins first: a route keeps the hooks, parsers and error handler its context had when it was registered.
  // The security headers follow the cookie plugin: its onSend hook runs first, so Set-Cookie keeps its place.
  await app.register(accessLog);
  await app.register(fastifyCookie);
  const signInPerMinute = opts.rateLimit?.signIn ?? config.RATE_LIMIT_SIGN_IN;
  await app.register(rateLimits, { redis: opts.redis, signInPerMinute });
  await app.register(securityHeaders);
  await app.register(errorHandler, { proxyOutcomes: metrics.proxyOutcomes });
  await app.register(requestMetrics, { metrics, token: config.METRICS_TOKEN });
  await app.register(deviceAuth, { sessions, requestIds });

  await app.register(keysRoutes, { keyPair });
  await app.register(devicesRoutes, { privateKey, sessions, requestIds, perMinute: opts.rateLimit?.devices ?? 30 });
  await app.register(proxyRoutes, {
    requestIds,
    upstreams,
    userSession,
    proxyOutcomes: metrics.proxyOutcomes,
    perMinute: opts.rateLimit?.proxy ?? 3000,
  });
  // CSV exports (decision 084): the file of a ticket issued through /proxy, streamed.
  await app.register(downloadRoutes, { requestIds, replay, userSession, upstreams: opts.upstreams, proof, now });
  await app.register(healthRoutes, { sql });
  // The API's description is for whoever tries the demo; production does not publish it (/docs is a 404 there).
  if (config.FIDIS_MODE === 'demo') await app.register(docsRoutes);
  await app.register(spa, { staticDir: opts.staticDir });
  return app;
}
