import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';

export type LoginInput = RequestOf<'login'>['body'];

/**
 * POST login; the login is lower-cased before sending (spec section 5). The BFF keeps the token out of the answer
 * (decision 040), and the contract's browser answer says so.
 */
export const login = ({ login, senha }: LoginInput) =>
  api.login({ body: { login: login.trim().toLowerCase(), senha } });

export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } });
