// One place turns failures into answers: typed errors keep their status and pt-BR reason, framework
// refusals (bad JSON, too large, rate limit) get a Portuguese reason, anything else is a logged 500.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import { AppError } from '../errors.ts';

function clientErrorMessage(status: number): string {
  if (status === 413) return messages.generic.tooLarge;
  if (status === 429) return messages.generic.tooMany;
  if (status === 404) return messages.generic.notFound;
  return messages.generic.invalidInput;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
    return reply.code(error.status).send({ message: error.message, code: error.code });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, reason: error.message }, 'requisição recusada');
    return reply.code(status).send({ message: clientErrorMessage(status), code: error.code ?? 'CLIENT_ERROR' });
  }
  request.log.error({ err: error }, 'erro inesperado');
  return reply.code(500).send({ message: messages.generic.unexpected, code: 'UNEXPECTED' });
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: messages.generic.notFound, code: 'NOT_FOUND' });
}
