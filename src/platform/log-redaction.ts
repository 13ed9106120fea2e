// CPFs are personal data (LGPD): a URL that carries one (`/v1/cards/{documentNumber}`, `/v0/portal/usuario/{…}`,
// `/v2/proposal/corporate/{…}`) is logged with only its last two digits, by the BFF and the provider alike.
import type { FastifyRequest } from 'fastify';

/**
 * Eleven digits, bare or as 000.000.000-00, not part of a longer word: a CNPJ's 14 digits stay as they are, and so
 * does a uuid whose last group happens to hold eleven digits after a hex letter.
 */
const CPF = /(?<![\w.])\d{3}\.?\d{3}\.?\d{3}-?(\d{2})(?![\w-])/g;

export function maskCpfs(text: string): string {
  return text.replace(CPF, '***.***.***-$1');
}

/** Fastify's own request serializer, with the URL's CPFs masked: the one field of it that can carry one. */
export function maskedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskCpfs(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
