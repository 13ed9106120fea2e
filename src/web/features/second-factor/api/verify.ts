import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '../../../../contracts/schemas.ts';
import { api } from '../../../api/index.ts';

/** POST the code (or a recovery code) of a pending session: it turns full and answers the companies. */
export const verifySecondFactor = (codigo: string): Promise<SessionResponse> =>
  api.secondFactorVerify({ body: { codigo } });

export const useVerifySecondFactor = () => useMutation({ mutationFn: verifySecondFactor, meta: { silent: true } });

/** The session as the provider sees it now: whether a factor is still due, and the companies once it is not. */
export const readSession = () => api.session();

/** Ends the provider session; the BFF drops its cookie with the answer (decision 040). */
export const endSession = () => api.logout();
