// The Fastify server options of a BFF: JSON logs with secrets redacted, one access line per request, and the
// client's request id adopted only when it is a UUID.
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../platform/config.ts';
import { maskedRequest } from '../platform/log-redaction.ts';
import type { BffOptions } from './app.ts';
import { accessLogController } from './plugins/access-log.ts';
import { BODY_LIMIT_BYTES, UUID } from './request-checks.ts';

type ServerSettings = Pick<BffOptions, 'logger' | 'trustProxy'>;

function loggerOptions(config: Config, logger: ServerSettings['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-authentication"]', 'req.headers.cookie'],
      censor: '[redacted]',
    },
    serializers: { req: maskedRequest },
  };
  return (
    typeof logger === 'object' && logger !== null ? { ...base, ...logger } : base
  ) as FastifyServerOptions['logger'];
}

export function serverOptions(config: Config, settings: ServerSettings): FastifyServerOptions {
  return {
    logger: loggerOptions(config, settings.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: settings.trustProxy ?? false,
    requestIdHeader: false,
    // Only a well-formed UUID from the client becomes the log id: no log injection through the header.
    genReqId: (req) => {
      const v = req.headers['x-request-id'];
      return typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : randomUUID();
    },
    return503OnClosing: true,
    logController: accessLogController(),
  };
}
