// One place turns failures into answers: typed errors keep their status and pt-BR reason, framework
// refusals (bad JSON, too large, rate limit) get a Portuguese reason, anything else is a logged 500.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { refusal, type ServerErrorCode } from '../../contracts/errors.ts';
import { AppError } from '../errors.ts';

/**
 * The table entry whose reason fits a framework refusal of this status. The status on the wire stays the
 * framework's (a 415 is not a 400), and so does its code when it has one.
 */
function reasonFor(status: number): ServerErrorCode {
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 404) return 'NOT_FOUND';
  return 'CLIENT_ERROR';
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
    return reply.code(error.status).send({ message: error.message, code: error.code });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, reason: error.message }, 'requisição recusada');
    const { message } = refusal(reasonFor(status));
    return reply.code(status).send({ message, code: error.code ?? 'CLIENT_ERROR' });
  }
  request.log.error({ err: error }, 'erro inesperado');
  const unexpected = refusal('UNEXPECTED');
  return reply.code(unexpected.status).send({ message: unexpected.message, code: 'UNEXPECTED' });
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  const { status, message } = refusal('NOT_FOUND');
  return reply.code(status).send({ message, code: 'NOT_FOUND' });
}
