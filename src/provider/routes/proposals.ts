// POST /v2/proposal/corporate/{documentNumber}: a new card for a person in the operator's relationship.
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import { isValidProposalCpf } from '../../contracts/proposal-rules.ts';
import { proposalBody } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { createProposal, ProposalRefused } from '../services/proposals.ts';

export async function proposalRoutes(app: FastifyInstance, ctx: ProviderContext) {
  app.route(
    routeOf('proposal', async (request, reply) => {
      const { documentNumber } = request.params as { documentNumber: string };
      if (!isValidProposalCpf(documentNumber) || documentNumber.length !== 11) {
        throw new AppError(400, 'INVALID_INPUT', messages.proposal.invalidCpf);
      }
      const proposal = parseWith(proposalBody, request.body);
      if (proposal.documentNumber !== documentNumber) {
        throw new AppError(400, 'INVALID_INPUT', messages.proposal.documentMismatch);
      }
      try {
        const created = await createProposal(ctx.db, principalOf(request).userId, proposal, ctx.clock());
        return reply.code(201).send(created);
      } catch (error) {
        if (!(error instanceof ProposalRefused)) throw error;
        // The platform's codes travel as strings, the way the portal switches on them; errorCode keeps the number.
        return reply
          .code(422)
          .send({ message: error.message, code: String(error.errorCode), errorCode: error.errorCode });
      }
    }),
  );
}
