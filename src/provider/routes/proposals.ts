// POST /v2/proposal/corporate/{documentNumber}: a new card for a person in the operator's relationship.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PathParams } from '../../contracts/contract.ts';
import { messages } from '../../contracts/messages.ts';
import { isValidProposalCpf } from '../../contracts/proposal-rules.ts';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { createProposal, ProposalRefused } from '../services/proposals.ts';

/**
 * The path's CPF is judged before the body is parsed, so a bad CPF in both answers "CPF inválido" rather than the
 * body field's wording; a body naming another CPF is refused before the relationship is looked up.
 */
function checkPathCpf(request: FastifyRequest) {
  const { documentNumber } = request.params as PathParams<'proposal'>;
  if (!isValidProposalCpf(documentNumber) || documentNumber.length !== 11) {
    fail('INVALID_INPUT', messages.proposal.invalidCpf);
  }
  const named = (request.body as { documentNumber?: unknown } | undefined)?.documentNumber;
  if (typeof named === 'string' && /^\d{11}$/.test(named) && named !== documentNumber)
    fail('INVALID_INPUT', messages.proposal.documentMismatch);
}

export async function proposalRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(
    app,
    'proposal',
    async ({ body, scope, reply, request }) => {
      try {
        return await createProposal(ctx.db, scope, body, ctx.clock(), request.ip);
      } catch (error) {
        if (!(error instanceof ProposalRefused)) throw error;
        // The platform's codes travel as strings, the way the portal switches on them; errorCode keeps the number.
        return reply
          .code(422)
          .send({ message: error.message, code: String(error.errorCode), errorCode: error.errorCode });
      }
    },
    { checkFirst: checkPathCpf },
  );
}
