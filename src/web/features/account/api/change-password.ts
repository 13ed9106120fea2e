import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';

export type ChangePasswordInput = RequestOf<'changePassword'>['body'];

/** PUT the operator's own password change (decision 074); the BFF adds the bearer from its session cookie. */
export async function changePassword(body: ChangePasswordInput): Promise<void> {
  await api.changePassword({ body });
}

/** Silent: the form shows every refusal next to the field it concerns, not as a flash. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword, meta: { silent: true } });
