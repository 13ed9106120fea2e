import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/index.ts';

export interface ResetSecondFactorInput {
  cnpj: string;
  documentNumber: string;
}

/** DELETE a user's second factor in the chosen company (decision 091): the user enrols again at the next sign-in. */
export const resetSecondFactor = ({ cnpj, documentNumber }: ResetSecondFactorInput) =>
  api.resetUserSecondFactor({ headers: { cnpj }, params: { documentNumber } });

/** Silent: the dialog says a refusal itself (a cancelled step-up says nothing). */
export const useResetSecondFactor = () => useMutation({ mutationFn: resetSecondFactor, meta: { silent: true } });
