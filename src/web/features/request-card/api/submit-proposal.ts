import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import { messages } from '../../../../contracts/index.ts';
import { api, isApiError } from '../../../api/index.ts';

/** POST /v2/proposal/corporate/{documentNumber}, sent with system name 'spark' (the catalogue says so). */
export const submitProposal = (proposal: RequestOf<'proposal'>['body']) =>
  api.proposal({ params: { documentNumber: proposal.documentNumber }, body: proposal });

/** The proposal texts of spec section 8: code 38, code 6, anything else. */
export function proposalFailureText(error: unknown): string {
  const code = isApiError(error) ? error.code : undefined;
  if (code === '38') return messages.proposal.noLimit;
  if (code === '6') return messages.proposal.cpfNotAllowed;
  return messages.proposal.failure;
}

/** The screen shows its own texts, so the generic failure notification stays quiet. */
export const useSubmitProposal = () => useMutation({ mutationFn: submitProposal, meta: { silent: true } });
