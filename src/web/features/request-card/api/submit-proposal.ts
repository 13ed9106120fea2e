import { useMutation } from '@tanstack/react-query';
import { messages, type ProposalBody, type ProposalResponse, proposalResponse } from '../../../../contracts/index.ts';
import { callApi, isApiError } from '../../../lib/transport/index.ts';

/** POST /v2/proposal/corporate/{documentNumber}, sent with system name 'spark' (the catalogue says so). */
export async function submitProposal(proposal: ProposalBody): Promise<ProposalResponse> {
  const data = await callApi('proposal', { params: { documentNumber: proposal.documentNumber }, body: proposal });
  return proposalResponse.parse(data);
}

/** The proposal texts of spec section 8: code 38, code 6, anything else. */
export function proposalFailureText(error: unknown): string {
  const code = isApiError(error) ? error.code : undefined;
  if (code === '38') return messages.proposal.noLimit;
  if (code === '6') return messages.proposal.cpfNotAllowed;
  return messages.proposal.failure;
}

/** The screen shows its own texts, so the generic failure notification stays quiet. */
export const useSubmitProposal = () => useMutation({ mutationFn: submitProposal, meta: { silent: true } });
