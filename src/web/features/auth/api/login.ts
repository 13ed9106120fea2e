import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../contracts/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';

export interface LoginInput {
  login: string;
  senha: string;
}

/**
 * The answer's schema brings zod (some 25 KB gzip), which the login screen does not need to paint: it loads
 * while the operator types (the form calls this on first focus) or, at the latest, alongside the request.
 */
export const loadLoginSchema = () => import('../../../../contracts/schemas.ts').then((m) => m.loginResponse);

/** POST login; the login is lower-cased before sending (spec section 5). */
export async function login({ login, senha }: LoginInput): Promise<LoginResponse> {
  const [data, schema] = await Promise.all([
    callApi('login', { body: { login: login.trim().toLowerCase(), senha } }),
    loadLoginSchema(),
  ]);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(502, '', 'BAD_RESPONSE');
  return parsed.data;
}

export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } });
