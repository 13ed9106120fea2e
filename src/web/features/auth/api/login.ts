import { useMutation } from '@tanstack/react-query';
import { type LoginResponse, loginResponse } from '../../../../contracts/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';

export interface LoginInput {
  login: string;
  senha: string;
}

/** POST login; the login is lower-cased before sending (spec section 5). */
export async function login({ login, senha }: LoginInput): Promise<LoginResponse> {
  const data = await callApi('login', { body: { login: login.trim().toLowerCase(), senha } });
  const parsed = loginResponse.safeParse(data);
  if (!parsed.success) throw new ApiError(502, '', 'BAD_RESPONSE');
  return parsed.data;
}

export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } });
