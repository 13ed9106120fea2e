// The BFF: GET /keys, POST /devices, POST /proxy (docs/transport.md), plus /health, /metrics and the SPA.
// It owns device sessions only; its keys and sessions live in the database, so instances are interchangeable.
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Redis } from 'ioredis';
import { jwtVerify, SignJWT } from 'jose';
import { Counter, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { Environment, type EnvironmentName, FID, REQUEST_ID_WINDOW_MS } from '../contracts/constants.ts';
import { messages } from '../contracts/messages.ts';
import { CryptoError, importPrivateKey, openSealedBox, requestIdTime } from '../crypto/index.ts';
// The node:crypto envelope: the same wire format as the browser's, without WebCrypto's per-call overhead.
import { deriveSessionKey, openJson, sealJson, sealText } from '../crypto/server.ts';
import type { Config } from '../platform/config.ts';
import type { SqlRunner } from '../platform/database.ts';
import { sendSecurityHeaders } from '../platform/security-headers.ts';
import { allowProxyRequest } from './allowlist.ts';
import { BffError, refuse } from './errors.ts';
import { MemoryReplayGuard, ReplayCapacityError, type ReplayGuard } from './replay.ts';
import { RATE_LIMIT_NAMESPACE, RedisReplayGuard } from './replay-redis.ts';
import { SessionKeyCache } from './session-cache.ts';
import { DeviceStore } from './store/devices.ts';
import { loadOrCreateKeyPair, loadOrCreateTokenSecret } from './store/keys.ts';
import { ensureBffSchema } from './store/schema.ts';
import { Upstreams } from './upstream.ts';

export interface BffOptions {
  config: Config;
  sql: SqlRunner;
  /** The real provider base URL per environment; the browser's PROVIDER_HOSTS bases are mapped onto these. */
  upstreams: { prod: string; sandbox: string };
  /** The built SPA (index.html + assets/); served when given and present. */
  staticDir?: string;
  /** false: no logs; true or omitted: JSON logs at config.LOG_LEVEL; an object: pino options merged over those. */
  logger?: boolean | object;
  /** The clock (ms since the epoch), for request-id windows and token times. */
  now?: () => number;
  /** Requests per minute per client address. */
  rateLimit?: { devices?: number; proxy?: number };
  /** Replay protection; defaults to Redis when `redis` is given, else this process's memory. */
  replayGuard?: ReplayGuard;
  /** Shared replay cache and rate-limit counters for several instances; the caller opens and closes it. */
  redis?: Redis;
  /** Fastify trustProxy, when the BFF sits behind a load balancer (the rate limit keys on the client address). */
  trustProxy?: boolean | string | string[];
  upstreamTimeoutMs?: number;
}

export const BODY_LIMIT_BYTES = 64 * 1024;
export const ACCESS_TOKEN_TTL_S = 12 * 60 * 60;
const TOKEN_ISSUER = 'fidis-bff';
const TOKEN_AUDIENCE = 'fidis-bff/proxy';
const API_PREFIXES = ['/keys', '/devices', '/proxy', '/health', '/metrics'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]+$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SECRET = /^[A-Za-z0-9]{32}$/;
const LAST_SEEN_EVERY_MS = 60_000;

const sealedBody = z.strictObject({ payload: z.string().min(1).max(BODY_LIMIT_BYTES).regex(HEX) });
const sealedBox = z.strictObject({
  key: z.string().min(1).max(2048).regex(BASE64),
  payload: z.string().min(1).max(BODY_LIMIT_BYTES).regex(HEX),
});
const registration = z.strictObject({
  fid: z.literal(FID),
  id: z.string().regex(UUID),
  ip: z.string().max(64),
  sessionToken: z.string().regex(SECRET),
  sessionCipher: z.string().regex(SECRET),
  deviceName: z.string().max(200),
  latitude: z.number().finite(),
  longitude: z.number().finite(),
  accuracy: z.number().finite(),
  fcmToken: z.string().max(4096),
});
const innerRequest = z.strictObject({
  method: z.string().min(1).max(16),
  url: z.string().min(1).max(4096),
  headers: z.unknown().optional(),
  data: z.unknown().optional(),
});

interface DeviceContext {
  deviceId: string;
  sessionId: string;
  key: CryptoKey;
  env: EnvironmentName;
}

/** What a request's access line adds: the refusal's code, or the endpoint forwarded and the provider's status. */
type Outcomes = WeakMap<FastifyRequest, { code: string } | { endpoint: string; upstreamStatus: number }>;

/**
 * One access line per request, with its outcome, instead of Fastify's two ("incoming request", "request
 * completed") plus one of the BFF's own: a third of the logging on the hot path (decision 33).
 */
class AccessLog extends LogController {
  constructor(private readonly outcomes: Outcomes) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const outcome = this.outcomes.get(request);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime, ...outcome }, 'request completed');
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
}

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

function loggerOptions(config: Config, logger: BffOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-authentication"]', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  };
  return (
    typeof logger === 'object' && logger !== null ? { ...base, ...logger } : base
  ) as FastifyServerOptions['logger'];
}

export async function buildBff(opts: BffOptions): Promise<FastifyInstance> {
  const { config, sql } = opts;
  const now = opts.now ?? Date.now;

  // Storage first: a weak key or an unreachable database stops start-up before anything listens.
  await ensureBffSchema(sql);
  const keyPair = await loadOrCreateKeyPair(sql, config.RSA_KEY_BITS);
  const privateKey = await importPrivateKey(keyPair.privatePkcs8);
  const tokenSecret = await loadOrCreateTokenSecret(sql);
  const devices = new DeviceStore(sql);
  const sessionKeys = new SessionKeyCache();
  const replay = opts.replayGuard ?? (opts.redis ? new RedisReplayGuard(opts.redis, now) : new MemoryReplayGuard(now));
  const upstreams = new Upstreams(opts.upstreams, opts.upstreamTimeoutMs);
  const deviceOf = new WeakMap<FastifyRequest, DeviceContext>();
  const outcomeOf: Outcomes = new WeakMap();

  const registry = new Registry();
  const duration = new Histogram({
    name: 'fidis_bff_http_request_duration_seconds',
    help: 'BFF request duration by method, route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  const proxyOutcomes = new Counter({
    name: 'fidis_bff_proxy_outcomes_total',
    help: 'POST /proxy outcomes by code (FORWARDED or the refusal code)',
    labelNames: ['code'],
    registers: [registry],
  });

  const app = Fastify({
    logger: loggerOptions(config, opts.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: opts.trustProxy ?? false,
    requestIdHeader: false,
    // Only a well-formed UUID from the client becomes the log id: no log injection through the header.
    genReqId: (req) => {
      const v = req.headers['x-request-id'];
      return typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : randomUUID();
    },
    return503OnClosing: true,
    logController: new AccessLog(outcomeOf),
  });
  app.addHook('onClose', async () => upstreams.close());
  // JSON only: a text/plain body (what a cross-site form can send without a preflight) is refused with 415.
  app.removeContentTypeParser('text/plain');

  sendSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    // Shared counters across instances. Fail open on a Redis error: the limit only sheds load, and /devices and
    // /proxy are refused (503) by the replay guard, which fails closed, while Redis is down (docs/operations.md).
    ...(opts.redis ? { redis: opts.redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true } : {}),
    errorResponseBuilder: () => new BffError(429, 'RATE_LIMITED', messages.proxy.tooMany),
  });

  // Callback-style hooks: they run on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    done(null, payload);
  });
  // One histogram child per (method, route, status): prom-client would otherwise hash the labels on every call.
  const durationOf = new Map<string, Histogram.Internal<'method' | 'route' | 'status_code'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const id = `${request.method} ${route} ${reply.statusCode}`;
    let child = durationOf.get(id);
    if (!child) {
      child = duration.labels({ method: request.method, route, status_code: String(reply.statusCode) });
      durationOf.set(id, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  app.setErrorHandler(async (error: FastifyError | BffError | Error, request, reply) => {
    let refusal: BffError;
    const status = (error as FastifyError).statusCode;
    if (error instanceof BffError) refusal = error;
    else if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') refusal = refuse.tooLarge();
    else if (error instanceof ReplayCapacityError) refusal = new BffError(503, 'BUSY', messages.proxy.busy);
    else if (status === 415) refusal = new BffError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.generic.invalidInput);
    else if (typeof status === 'number' && status >= 400 && status < 500) {
      refusal = new BffError(status, 'BAD_REQUEST', messages.generic.invalidInput);
    } else {
      request.log.error({ err: error }, 'unexpected error');
      refusal = new BffError(500, 'UNEXPECTED', messages.generic.unexpected);
    }
    if (request.routeOptions.url === '/proxy') proxyOutcomes.inc({ code: refusal.code });
    outcomeOf.set(request, { code: refusal.code });
    reply.code(refusal.statusCode);
    const device = deviceOf.get(request);
    // Once the device is known, refusals travel sealed like every other answer (AAD = the call's x-request-id).
    if (device) {
      try {
        return await sealJson(device.key, refusal.toBody(), header(request, 'x-request-id') ?? '');
      } catch (err) {
        request.log.error({ err }, 'could not seal a refusal');
      }
    }
    return refusal.statusCode === 500 ? { message: refusal.message } : refusal.toBody();
  });

  const checkClient = (request: FastifyRequest) => {
    if (header(request, 'x-fid') !== FID) throw new BffError(400, 'BAD_CLIENT', messages.proxy.notAllowed);
  };
  const checkRequestId = (request: FastifyRequest): { requestId: string; time: number } => {
    const requestId = header(request, 'x-request-id') ?? '';
    const time = requestIdTime(requestId);
    if (time === null) throw refuse.envelope('BAD_REQUEST_ID');
    if (Math.abs(now() - time) > REQUEST_ID_WINDOW_MS) throw refuse.stale();
    return { requestId, time };
  };
  const remember = async (deviceId: string, requestId: string, time: number) => {
    if (!(await replay.firstSeen(deviceId, requestId, time + REQUEST_ID_WINDOW_MS + 1000))) throw refuse.replayed();
  };

  // ---- GET /keys -------------------------------------------------------------------------------------------
  app.get('/keys', async () => ({ publicKey: keyPair.publicSpki, algorithm: 'RSA-OAEP-256', keySize: keyPair.bits }));

  // ---- POST /devices ---------------------------------------------------------------------------------------
  app.post(
    '/devices',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      config: { rateLimit: { max: opts.rateLimit?.devices ?? 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      checkClient(request);
      const headerId = header(request, 'x-device-id') ?? '';
      if (!UUID.test(headerId)) throw new BffError(400, 'BAD_DEVICE_ID', messages.proxy.invalidDevice);
      const { requestId, time } = checkRequestId(request);
      const box = sealedBox.safeParse(request.body);
      if (!box.success) throw refuse.envelope();
      let opened: unknown;
      try {
        opened = await openSealedBox(privateKey, box.data, requestId);
      } catch (err) {
        if (err instanceof CryptoError) throw refuse.envelope();
        throw err;
      }
      const parsed = registration.safeParse(opened);
      if (!parsed.success || parsed.data.id !== headerId) {
        throw new BffError(400, 'INVALID_DEVICE', messages.proxy.invalidDevice);
      }
      const deviceId = headerId.toLowerCase();
      await remember(deviceId, requestId, time);
      const secrets = { cipherAES: parsed.data.sessionCipher, tokenAES: parsed.data.sessionToken };
      const sessionId = randomUUID();
      await devices.save({
        deviceId,
        fid: parsed.data.fid,
        sessionId,
        ...secrets,
        deviceName: parsed.data.deviceName,
        // The address the BFF saw; the client-reported ip is not trustworthy and not stored.
        ip: request.ip,
      });
      const key = await deriveSessionKey(secrets);
      sessionKeys.set(deviceId, sessionId, key, now());
      const issuedAt = Math.floor(now() / 1000);
      const accessToken = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(deviceId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
        .sign(tokenSecret);
      request.log.info({ deviceId }, 'device registered');
      reply.code(200);
      return sealJson(key, { accessToken }, requestId);
    },
  );

  // ---- POST /proxy -----------------------------------------------------------------------------------------
  /** Authenticates the device before the body is read, so even a too-large body is refused sealed. */
  const authenticateDevice = async (request: FastifyRequest) => {
    checkClient(request);
    const env = header(request, 'x-env');
    if (env !== Environment.prod && env !== Environment.sandbox) {
      throw new BffError(400, 'BAD_ENVIRONMENT', messages.proxy.notAllowed);
    }
    const headerId = header(request, 'x-device-id') ?? '';
    if (!UUID.test(headerId)) throw refuse.unauthorized('UNKNOWN_DEVICE');
    const deviceId = headerId.toLowerCase();
    const auth = header(request, 'authorization') ?? '';
    const token = /^Bearer ([A-Za-z0-9._-]{1,4096})$/.exec(auth)?.[1];
    if (!token) throw refuse.unauthorized();
    const t = now();
    // The token this session's cache entry already verified: only its expiry is checked again.
    let cached = sessionKeys.getByVerifiedToken(deviceId, token, t);
    if (!cached) {
      let sub: string | undefined;
      let sid: unknown;
      let exp: number | undefined;
      try {
        const { payload } = await jwtVerify(token, tokenSecret, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          currentDate: new Date(t),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        sub = payload.sub;
        sid = payload.sid;
        exp = payload.exp;
      } catch {
        throw refuse.unauthorized();
      }
      if (sub !== deviceId || typeof sid !== 'string' || exp === undefined) throw refuse.unauthorized();
      cached = sessionKeys.get(deviceId, sid, t);
      if (!cached) {
        const session = await devices.find(deviceId);
        // A re-registration replaced the session: tokens of the previous one no longer open anything.
        if (!session || session.sessionId !== sid) throw refuse.unauthorized('UNKNOWN_DEVICE');
        const key = await deriveSessionKey({ cipherAES: session.cipherAES, tokenAES: session.tokenAES });
        cached = sessionKeys.set(deviceId, sid, key, t);
      }
      // jose refuses a token once floor(now / 1000) reaches exp, i.e. from exp * 1000 ms on.
      sessionKeys.rememberVerifiedToken(cached, token, exp * 1000);
    }
    const sid = cached.sessionId;
    if (t - cached.lastTouchedAt >= LAST_SEEN_EVERY_MS) {
      cached.lastTouchedAt = t;
      devices.touch(deviceId, sid).catch((err) => request.log.warn({ err }, 'could not update last_seen_at'));
    }
    deviceOf.set(request, { deviceId, sessionId: sid, key: cached.key, env });
    // From here on refusals are sealed; the request id is checked once the device key is known.
    checkRequestId(request);
  };

  // The labelled child once, rather than hashing its label on every forwarded call.
  const forwarded = proxyOutcomes.labels({ code: 'FORWARDED' });
  app.post(
    '/proxy',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      config: { rateLimit: { max: opts.rateLimit?.proxy ?? 3000, timeWindow: 60_000 } },
      onRequest: authenticateDevice,
    },
    async (request, reply) => {
      const device = deviceOf.get(request);
      if (!device) throw refuse.unauthorized();
      const { requestId, time } = checkRequestId(request);
      const body = sealedBody.safeParse(request.body);
      if (!body.success) throw refuse.envelope();
      let opened: unknown;
      try {
        opened = await openJson(device.key, body.data.payload, requestId);
      } catch (err) {
        if (err instanceof CryptoError) throw refuse.envelope();
        throw err;
      }
      // Only an authentic envelope spends its request id, so a forged one cannot burn a legitimate id.
      await remember(device.deviceId, requestId, time);
      const inner = innerRequest.safeParse(opened);
      if (!inner.success) throw refuse.envelope();
      const allowed = allowProxyRequest(inner.data, device.env);
      const answer = await upstreams.forward(device.env, {
        method: allowed.match.endpoint.method,
        pathAndQuery: allowed.pathAndQuery,
        headers: { ...allowed.headers, 'x-request-id': requestId },
        body: allowed.body,
      });
      forwarded.inc();
      outcomeOf.set(request, { endpoint: allowed.match.name, upstreamStatus: answer.status });
      reply.code(answer.status);
      if (answer.status === 204 || answer.status === 205) return reply.send();
      return { payload: await sealText(device.key, answer.jsonText, requestId) };
    },
  );

  // ---- operations ------------------------------------------------------------------------------------------
  app.get('/health', async (request, reply) => {
    try {
      await sql.query('select 1');
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check failed');
      reply.code(503);
      return { status: 'unavailable' };
    }
  });
  app.get('/metrics', async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });

  // ---- the SPA ---------------------------------------------------------------------------------------------
  const staticRoot = opts.staticDir ? resolve(opts.staticDir) : undefined;
  const serveSpa = !!staticRoot && existsSync(staticRoot) && statSync(staticRoot).isDirectory();
  if (serveSpa && staticRoot) {
    const assetsDir = join(staticRoot, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: staticRoot,
      prefix: '/',
      index: false,
      dotfiles: 'ignore',
      // The build writes .br/.gz siblings (vite.config.ts); serving them keeps the first load small.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res: FastifyReply, path: string) => {
        res.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      serveSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      !isApiPath(path) &&
      !path.startsWith('/assets/')
    ) {
      // History-API fallback: client routes (/home/details) load the SPA on reload.
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    }
    reply.code(404);
    return { message: messages.generic.notFound, code: 'NOT_FOUND' };
  };
  if (serveSpa) app.get('/', notFound);
  app.setNotFoundHandler(notFound);

  return app;
}
