// The portal's routes answer only the deployment's BFF (decision 129): a call without its key, or with another, is a
// 401 before any session is read or any handler runs. The card network's routes and /health have their own rules.
import type { FastifyRequest } from 'fastify';
import { CALLER_KEY_HEADER, callerKeyMatches } from '../../platform/caller-key.ts';
import { fail } from '../errors.ts';

export function callerHook(key: string) {
  return async (request: FastifyRequest) => {
    if (!callerKeyMatches(key, request.headers[CALLER_KEY_HEADER])) fail('CALLER_UNAUTHENTICATED');
  };
}
