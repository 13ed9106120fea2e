import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';

export const updateUser = ({
  documentNumber,
  body,
}: {
  documentNumber: string;
  body: RequestOf<'updateUser'>['body'];
}) => api.updateUser({ params: { documentNumber }, body });

export const updateUserStatus = ({
  documentNumber,
  status,
}: {
  documentNumber: string;
  status: RequestOf<'updateUserStatus'>['body']['status'];
}) => api.updateUserStatus({ params: { documentNumber }, body: { status } });

/** The edit form says how a save ended (spec texts), so these stay silent. */
export const useUpdateUser = () => useMutation({ mutationFn: updateUser, meta: { silent: true } });
export const useUpdateUserStatus = () => useMutation({ mutationFn: updateUserStatus, meta: { silent: true } });
