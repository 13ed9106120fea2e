import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/transport/index.ts';

/** The three recovery steps share one endpoint; the fields present say which step it is. */
export type RecoveryInput =
  | { login: string }
  | { login: string; confirmacao: string }
  | { login: string; confirmacao: string; novaSenha: string; confirmarNovaSenha: string };

export const recoverPassword = (body: RecoveryInput) => callApi('recoverPassword', { body });

export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword, meta: { silent: true } });
