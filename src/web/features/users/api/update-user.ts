import { useMutation } from '@tanstack/react-query';
import type { UpdateUserBody, UserStatus } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

export const updateUser = ({ documentNumber, body }: { documentNumber: string; body: UpdateUserBody }) =>
  callApi('updateUser', { params: { documentNumber }, body });

export const updateUserStatus = ({ documentNumber, status }: { documentNumber: string; status: UserStatus }) =>
  callApi('updateUserStatus', { params: { documentNumber }, body: { status } });

/** The edit form says how a save ended (spec texts), so these stay silent. */
export const useUpdateUser = () => useMutation({ mutationFn: updateUser, meta: { silent: true } });
export const useUpdateUserStatus = () => useMutation({ mutationFn: updateUserStatus, meta: { silent: true } });
