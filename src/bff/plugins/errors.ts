// Every refusal as { message, code } with its status; unexpected errors are logged and answered without detail.
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { Counter } from 'prom-client';
import { refusal } from '../../contracts/errors.ts';
import { sealJson } from '../../crypto/server.ts';
import { BffError, bffError, refuse } from '../errors.ts';
import { ReplayCapacityError } from '../replay.ts';
import { header } from '../request-checks.ts';

function refusalFor(error: FastifyError | BffError | Error): BffError | undefined {
  const status = (error as FastifyError).statusCode;
  if (error instanceof BffError) return error;
  if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse.tooLarge();
  if (error instanceof ReplayCapacityError) return bffError('BUSY');
  if (status === 415) return bffError('UNSUPPORTED_MEDIA_TYPE');
  // Any other framework refusal keeps the framework's status, as the provider's does; the table gives the reason.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new BffError(status, 'BAD_REQUEST', refusal('BAD_REQUEST').message);
  }
  return undefined;
}

export const errorHandler = fp(
  async (app, opts: { proxyOutcomes: Counter<'code'> }) => {
    app.setErrorHandler(async (error: FastifyError | BffError | Error, request, reply) => {
      let refused = refusalFor(error);
      if (!refused) {
        request.log.error({ err: error }, 'unexpected error');
        refused = bffError('UNEXPECTED');
      }
      if (request.routeOptions.url === '/proxy') opts.proxyOutcomes.inc({ code: refused.code });
      request.outcome = { code: refused.code };
      reply.code(refused.statusCode);
      const device = request.device;
      // Once the device is known, refusals travel sealed like every other answer (AAD = the call's x-request-id).
      if (device) {
        try {
          return await sealJson(device.key, refused.toBody(), header(request, 'x-request-id') ?? '');
        } catch (err) {
          request.log.error({ err }, 'could not seal a refusal');
        }
      }
      return refused.statusCode === 500 ? { message: refused.message } : refused.toBody();
    });
  },
  { name: 'bff-errors' },
);
