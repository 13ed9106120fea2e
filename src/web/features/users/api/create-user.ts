import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';

export interface CreateUserInput {
  /** The chosen company, which the new user joins. */
  cnpj: string;
  body: RequestOf<'createUser'>['body'];
}

export const createUser = ({ cnpj, body }: CreateUserInput) => api.createUser({ headers: { cnpj }, body });

/** The form shows the server's mensagemRetorno itself, so the failure is not flashed twice. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
