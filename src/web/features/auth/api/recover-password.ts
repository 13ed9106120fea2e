import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';

/** The three recovery steps share one endpoint; the fields present say which step it is. */
export type RecoveryInput = RequestOf<'recoverPassword'>['body'];

export const recoverPassword = (body: RecoveryInput) => api.recoverPassword({ body });

export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword, meta: { silent: true } });
