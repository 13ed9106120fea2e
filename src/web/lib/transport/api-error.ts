import { messages } from '../../../contracts/index.ts';

/** A refusal from the BFF or the provider: the HTTP status, a message for a person and a code for a program. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const MESSAGE_FIELDS = ['message', 'mensagem', 'mensagemRetorno'] as const;

/** The readable reason of an error body: `message`, `mensagem` or `mensagemRetorno`, also under `data`. */
export function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const field of MESSAGE_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return record.data ? messageOf(record.data) : undefined;
}

export function toApiError(status: number, body: unknown): ApiError {
  const code =
    body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string'
      ? (body as { code: string }).code
      : undefined;
  return new ApiError(status, messageOf(body) ?? messages.generic.unexpected, code, body);
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The BFF could not be reached at all (offline, restarting): status 0 with this code. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
