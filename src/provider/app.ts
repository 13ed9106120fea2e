// The provider (card platform API) as a Fastify app: external plugins, then app plugins, then routes.
// It is returned ready to `inject` or `listen`; secrets are loaded while the app boots.
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { OneLineAccessLog } from '../platform/access-log.ts';
import { callerKeyOf } from '../platform/caller-key.ts';
import type { Config } from '../platform/config.ts';
import type { DatabaseHandle } from '../platform/database.ts';
import { maskedRequest } from '../platform/log-redaction.ts';
import { loadMasterKey, type MasterKey } from '../platform/master-key.ts';
import { API_SECURITY_HEADERS, sendSecurityHeaders } from '../platform/security-headers.ts';
import { auditHeadsDir } from './audit/heads.ts';
import { auditKeys } from './audit/keys.ts';
import { ReadLog } from './audit/reads.ts';
import type { ProviderContext } from './context.ts';
import { createDb } from './db/client.ts';
import { secondFactorExemptLogins } from './demo-operators.ts';
import { appError, fail } from './errors.ts';
import { authHook } from './http/auth-hook.ts';
import { callerHook } from './http/caller-hook.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { containsNul } from './http/validate.ts';
import { createMailer } from './mail/mailer.ts';
import { networkRoutes } from './network/routes.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { bulkRoutes } from './routes/bulk.ts';
import { cardControlRoutes } from './routes/card-controls.ts';
import { cardSearchRoutes } from './routes/card-search.ts';
import { cardRoutes } from './routes/cards.ts';
import { cepRoutes } from './routes/cep.ts';
import { companyRoutes } from './routes/companies.ts';
import { exportRoutes } from './routes/exports.ts';
import { historyRoutes } from './routes/history.ts';
import { holderRoutes } from './routes/holders.ts';
import { impactRoutes } from './routes/impact.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { passwordChangeRoutes } from './routes/password-change.ts';
import { proposalRoutes } from './routes/proposals.ts';
import { radarRoutes } from './routes/radar.ts';
import { revealAddressRoutes } from './routes/reveal-address.ts';
import { revealCpfRoutes } from './routes/reveal-cpf.ts';
import { secondFactorRoutes } from './routes/second-factor.ts';
import { spendRoutes } from './routes/spend.ts';
import { spendingRoutes } from './routes/spending.ts';
import { userRoutes } from './routes/users.ts';
import { virtualCardRoutes } from './routes/virtual-cards.ts';
import { pixReceiver } from './services/pix.ts';
import { loadSecret } from './services/secrets.ts';
import { startSessionCache } from './services/session-cache.ts';
import { createTokenService } from './services/tokens.ts';

export interface ProviderOptions {
  db: DatabaseHandle;
  config: Config;
  /** Opens the stored token and recovery-code keys; by default the one the configuration names (decision 072). */
  masterKey?: MasterKey;
  /** Every time-dependent rule (lockout, idle expiry, code expiry) reads this clock. */
  clock?: () => Date;
  logger?: boolean | object;
  /** Per-IP limit on login and recovery; defaults to 30 a minute. */
  publicRateLimit?: ProviderContext['publicRateLimit'];
  /** Sensitive reads written before each answer leaves, not gathered a second (tests: a write belongs to its call). */
  readsImmediately?: boolean;
  /** Logins exempt from the second-factor requirement; by default the demo's seeded ones (decision 091). */
  secondFactorExempt?: ReadonlySet<string>;
  /** The portal's routes refuse a caller without the BFF's key (decision 129): every real start; tests inject. */
  requireCaller?: boolean;
}

const BODY_LIMIT_BYTES = 64 * 1024;

function loginKey(request: FastifyRequest): string {
  const body = request.body as { login?: unknown } | undefined;
  return typeof body?.login === 'string' ? `login:${body.login.trim().toLowerCase()}` : `ip:${request.ip}`;
}

export function buildProvider(opts: ProviderOptions): FastifyInstance {
  const clock = opts.clock ?? (() => new Date());
  const serializers = { req: maskedRequest };
  const logger: FastifyServerOptions['logger'] =
    opts.logger === true
      ? { level: opts.config.LOG_LEVEL, serializers }
      : typeof opts.logger === 'object' && opts.logger !== null
        ? ({ ...opts.logger, serializers } as FastifyServerOptions['logger'])
        : false;
  const app = Fastify({
    logger,
    // The line names the contract's endpoint, so the log reads in the portal's vocabulary.
    logController: new OneLineAccessLog((request) => ({ endpoint: request.routeOptions.config.endpoint })),
    // request.ip is the address the audit trail records: the browser's as the BFF forwards it (decision 075).
    trustProxy: opts.config.PROVIDER_TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  // Every answer of the provider is read by a program (the BFF, tools): the API set (decision 097).
  sendSecurityHeaders(app, API_SECURITY_HEADERS);
  // Every call reaches the provider from the BFF's address, so a per-IP limit here would be one limit for the
  // whole portal. The public routes are limited per login instead (the BFF limits per client address).
  app.register(rateLimit, { global: false, hook: 'preHandler', keyGenerator: loginKey });

  // The portal sends `Content-Type: application/json` on every call, bodyless DELETEs and GETs included; Fastify
  // would refuse those as empty JSON bodies. An empty body is no body; anything else must be valid JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(appError('INVALID_JSON'), undefined);
    }
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.params) || containsNul(request.query)) fail('INVALID_INPUT');
  });

  // For load balancers and orchestration (docs/operations.md): no session needed, and nothing said but ok or not.
  app.get('/health', async (request, reply) => {
    try {
      await opts.db.sql.query('select 1');
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check failed');
      reply.code(503);
      return { status: 'unavailable' };
    }
  });

  app.register(async (api) => {
    const masterKey = opts.masterKey ?? loadMasterKey(opts.config);
    if (opts.requireCaller) api.addHook('onRequest', callerHook(callerKeyOf(masterKey)));
    const keys = auditKeys(masterKey);
    const db = createDb(opts.db, keys);
    const sessions = await startSessionCache(opts.db, api.log);
    api.addHook('onClose', sessions.stop);
    const ctx: ProviderContext = {
      db,
      clock,
      tokens: createTokenService(await loadSecret(db, 'jwt-signing-key', masterKey), clock),
      sessions: sessions.cache,
      mailer: createMailer(opts.config, db, api.log, clock),
      codeKey: await loadSecret(db, 'recovery-code-key', masterKey),
      masterKey,
      auditHeads: { keys, dir: auditHeadsDir(opts.config) },
      secondFactorExempt: opts.secondFactorExempt ?? secondFactorExemptLogins(opts.config),
      stepUpMaxAgeMs: opts.config.STEP_UP_MAX_AGE_S * 1000,
      publicRateLimit: opts.publicRateLimit ?? { max: 30, timeWindow: 60_000 },
    };
    api.decorate('providerDb', db);
    const reads = new ReadLog(db, api.log, clock, opts.readsImmediately === true);
    api.decorate('providerReads', reads);
    api.addHook('onClose', () => reads.flush());
    api.decorateRequest('principal', null);
    api.addHook('onRequest', authHook(ctx));
    // A change the operator makes may change their own sessions (a first access, a factor enrolled, a step-up, a new
    // password). The trigger's notification reaches this instance too, but asynchronously on PostgreSQL: the
    // browser's next call must not race it and find the session as it was, so this instance forgets the operator's
    // sessions before the answer leaves.
    api.addHook('onSend', (request, reply, payload, done) => {
      const principal = request.principal;
      if (principal && request.method !== 'GET' && reply.statusCode < 400) ctx.sessions.forget(`u:${principal.userId}`);
      done(null, payload);
    });
    await api.register(authRoutes, ctx);
    await api.register(passwordChangeRoutes, ctx);
    await api.register(companyRoutes, ctx);
    await api.register(cardRoutes, ctx);
    await api.register(cardControlRoutes, ctx);
    await api.register(holderRoutes, ctx);
    await api.register(historyRoutes, ctx);
    await api.register(cepRoutes, { ...ctx, cepApiUrl: opts.config.CEP_API_URL });
    await api.register(invoiceRoutes, { ...ctx, pix: pixReceiver(opts.config) });
    await api.register(proposalRoutes, ctx);
    await api.register(userRoutes, ctx);
    await api.register(impactRoutes, ctx);
    await api.register(radarRoutes, ctx);
    await api.register(cardSearchRoutes, ctx);
    await api.register(spendRoutes, ctx);
    await api.register(exportRoutes, ctx);
    await api.register(revealCpfRoutes, ctx);
    await api.register(revealAddressRoutes, ctx);
    await api.register(bulkRoutes, ctx);
    await api.register(auditRoutes, ctx);
    await api.register(secondFactorRoutes, ctx);
    await api.register(spendingRoutes, { ...ctx, demo: opts.config.FIDIS_MODE === 'demo' });
    await api.register(virtualCardRoutes, ctx);
  });

  // The card network's API: its own key, outside the operators' session hook (decision 132).
  app.register(networkRoutes, { db: createDb(opts.db), key: opts.config.NETWORK_API_KEY });

  return app;
}
