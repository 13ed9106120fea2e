import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/transport/index.ts';

export interface FirstAccessInput {
  login: string;
  novaSenha: string;
  confirmarNovaSenha: string;
  /** The temporary token the login answered with. */
  token: string;
}

/** PUT first access with the temporary token; the answer may carry a fresh token. */
export async function firstAccess({ token, ...body }: FirstAccessInput): Promise<{ token?: string }> {
  const data = await callApi<{ token?: unknown } | null>('firstAccess', { body, token });
  return typeof data?.token === 'string' && data.token ? { token: data.token } : {};
}

export const useFirstAccess = () => useMutation({ mutationFn: firstAccess, meta: { silent: true } });
