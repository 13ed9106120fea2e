// Consulta's audited "mostrar" (issue 16, decision 090): the holder's full CPF, read in the same transaction as the
// audit row that records who saw it, from where, and whose it was. The account is reached through the usual
// chokepoint (cardOfUser): another company's account answers as an unknown one, 404, and nothing is written.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { auditLog } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { cardOfUser } from '../services/cards.ts';
import { originOf } from '../services/security-events.ts';

export async function revealCpfRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'revealCpf', async ({ params, principal, request }) => {
    const origin = originOf(request);
    const now = ctx.clock();
    const revealed = await ctx.db.transaction(async (tx) => {
      const found = await cardOfUser(tx, principal.userId, params.uuid, null);
      if (!found) fail('HOLDER_NOT_FOUND');
      const { account, card } = found;
      await tx.insert(auditLog).values({
        actorUserId: principal.userId,
        actorLogin: principal.login,
        actorName: principal.name,
        at: now,
        action: 'cpf.reveal',
        // The trail shows an account target as its card (last four digits and holder); the CPF itself stays out.
        target: `account:${account.id}`,
        companyId: account.companyId,
        address: origin.address ? origin.address.slice(0, 45) : null,
        after: { last4: card.last4 },
      });
      return { uuid: account.id, cardHolder: account.holderName, documentNumber: account.documentNumber };
    });
    origin.log.info({ event: 'cpf.reveal', account: revealed.uuid }, 'cpf reveal');
    return revealed;
  });
}
