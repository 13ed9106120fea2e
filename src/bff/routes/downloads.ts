// GET /proxy/download/<ticket> — a CSV export's bytes (decision 084). The ticket was issued through the sealed /proxy
// (exportTicket); this plain GET streams the provider's exportDownload to the browser without buffering it. It sits
// under /proxy so the operator's session cookie (Path=/proxy) comes with it, and it takes the same device checks as
// /proxy: the device's access token, its x-request-id (spent here), and the cookie bound to that device. A ticket is
// good for one download across every BFF instance (the replay store, shared through Redis when configured), expires
// with the provider's minute, and carries nothing readable: the provider sealed it. The body is not sealed: it is
// the file, over TLS, with the answers' usual security headers; refusals are sealed like every other one.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Pool } from 'undici';
import type { EnvironmentName } from '../../contracts/constants.ts';
import { refusal, type ServerErrorCode } from '../../contracts/errors.ts';
import { exportTicket } from '../../contracts/exports.ts';
import { endpointRoutes } from '../../contracts/routes.ts';
import { BffError, bffError, refuse } from '../errors.ts';
import type { ReplayGuard } from '../replay.ts';
import type { RequestIds } from '../request-checks.ts';
import type { UserSessionCookie } from '../services/user-session.ts';

/** The provider only streams an export to a call that names this header, which /proxy never forwards. */
const CHANNEL_HEADER = 'x-fidis-download';
/** Longer than the ticket's own minute, so a ticket is spent for as long as the provider would accept it. */
const SPENT_FOR_MS = 5 * 60_000;
/** Between two chunks of the file; the first waits for the provider's count and first batch. */
const BODY_TIMEOUT_MS = 60_000;

export interface DownloadRouteOptions {
  requestIds: RequestIds;
  replay: ReplayGuard;
  userSession: UserSessionCookie;
  upstreams: Record<EnvironmentName, string>;
  /** The headers that prove this BFF to the provider (decision 129). */
  proof?: Record<string, string>;
  now?: () => number;
  perMinute?: number;
}

/** The provider's refusal as the BFF's own (its code when the table has it), so it is sealed to the device. */
function providerRefusal(status: number, text: string): BffError {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string' && typeof body.message === 'string') {
      const known = (() => {
        try {
          return refusal(body.code as ServerErrorCode);
        } catch {
          return null;
        }
      })();
      if (known) return new BffError(status, body.code as ServerErrorCode, body.message);
    }
  } catch {
    // not JSON: below
  }
  return status === 401 ? refuse.unauthorized() : refuse.upstream('UPSTREAM_INVALID');
}

export const downloadRoutes: FastifyPluginAsync<DownloadRouteOptions> = async (app, opts) => {
  const now = opts.now ?? Date.now;
  const pools = new Map<string, Pool>();
  const targetOf = (env: EnvironmentName) => {
    const base = new URL(opts.upstreams[env]);
    let pool = pools.get(base.origin);
    if (!pool) {
      pool = new Pool(base.origin, { connections: 16, bodyTimeout: BODY_TIMEOUT_MS, headersTimeout: BODY_TIMEOUT_MS });
      pools.set(base.origin, pool);
    }
    return { pool, path: base.pathname.replace(/\/+$/, '') + endpointRoutes.exportDownload.path };
  };
  app.addHook('onClose', async () => {
    await Promise.all([...pools.values()].map((p) => p.close()));
  });

  // A wildcard, not `:ticket`: the router caps a named parameter at 100 characters, and a sealed ticket is longer.
  app.get<{ Params: { '*': string } }>(
    '/proxy/download/*',
    {
      config: { rateLimit: { max: opts.perMinute ?? 60, timeWindow: 60_000 } },
      onRequest: app.authenticateDevice,
    },
    async (request, reply) => {
      const device = request.device;
      if (!device) throw refuse.unauthorized();
      const { requestId, time } = opts.requestIds.check(request);
      const ticket = exportTicket.safeParse(request.params['*']);
      if (!ticket.success) throw bffError('EXPORT_TICKET_INVALID');
      // The ticket first: a second use is refused as such, whatever request id it comes with.
      const digest = createHash('sha256').update(ticket.data).digest('base64url');
      if (!(await opts.replay.firstSeen('export-ticket', digest, now() + SPENT_FOR_MS))) {
        throw bffError('EXPORT_TICKET_USED');
      }
      await opts.requestIds.remember(device.deviceId, requestId, time);
      const token = await opts.userSession.read(request, reply, device.deviceId);
      if (!token) throw refuse.unauthorized();

      const { pool, path } = targetOf(device.env);
      let res: Awaited<ReturnType<Pool['request']>>;
      try {
        res = await pool.request({
          method: 'GET',
          path,
          headers: {
            ...opts.proof,
            authorization: `Bearer ${token}`,
            exportticket: ticket.data,
            [CHANNEL_HEADER]: '1',
            accept: 'text/csv',
            'x-request-id': requestId,
            'x-forwarded-for': request.ip,
          },
        });
      } catch {
        throw refuse.upstream();
      }
      request.outcome = { endpoint: 'exportDownload', upstreamStatus: res.statusCode };
      if (res.statusCode !== 200) {
        const text = await res.body.text().catch(() => '');
        if (res.statusCode === 401) opts.userSession.clear(reply);
        if (res.statusCode >= 500 || res.statusCode < 400) throw refuse.upstream();
        throw providerRefusal(res.statusCode, text);
      }
      const disposition = res.headers['content-disposition'];
      const rows = res.headers['x-export-rows'];
      reply.code(200).type('text/csv; charset=utf-8');
      if (typeof disposition === 'string' && /^attachment; filename="[\w.-]+"$/.test(disposition)) {
        reply.header('content-disposition', disposition);
      }
      if (typeof rows === 'string' && /^\d*$/.test(rows)) reply.header('x-export-rows', rows);
      return reply.send(res.body);
    },
  );
};
