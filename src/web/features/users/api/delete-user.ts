import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export const deleteUser = (numeroDocumento: string) => api.deleteUser({ params: { numeroDocumento } });

/** Any failure shows the spec's one delete alert, so the generic notification stays off. */
export const useDeleteUser = () => useMutation({ mutationFn: deleteUser, meta: { silent: true } });
