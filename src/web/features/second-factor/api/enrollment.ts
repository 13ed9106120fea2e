import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

/** POST: a new secret and its otpauth:// URI; nothing is in force until a first code confirms it. */
export const startEnrollment = () => api.secondFactorEnroll();

/** PUT the first code: the factor is in force and the 10 recovery codes come back, this once. */
export const confirmEnrollment = (codigo: string) => api.secondFactorConfirm({ body: { codigo } });

/** Silent: the enrolment shows its refusals beside the code. */
export const useStartEnrollment = () => useMutation({ mutationFn: startEnrollment, meta: { silent: true } });
export const useConfirmEnrollment = () => useMutation({ mutationFn: confirmEnrollment, meta: { silent: true } });
