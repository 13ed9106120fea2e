// Consulta's audited "mostrar" of an address (issue 16, decision 093): the holder's full address, read in the same
// transaction as the audit row that records who saw it, from where, and whose it was. As revealCpf (decision 090):
// the account is reached through the usual chokepoint (cardOfUser), so another company's account answers as an
// unknown one, 404, and nothing is written.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { auditLog } from '../db/schema.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { cardOfUser } from '../services/cards.ts';
import { originOf } from '../services/security-events.ts';

export async function revealAddressRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'revealAddress', async ({ params, principal, request }) => {
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
        action: 'address.reveal',
        // The trail shows an account target as its card (last four digits and holder); the address stays out of it.
        target: `account:${account.id}`,
        companyId: account.companyId,
        address: origin.address ? origin.address.slice(0, 45) : null,
        after: { last4: card.last4 },
      });
      return {
        uuid: account.id,
        cardHolder: account.holderName,
        zipCode: account.zipCode,
        address: account.address,
        addressNumber: account.addressNumber,
        addressComplement: account.addressComplement ?? '',
        district: account.district,
        city: account.city,
        state: account.state,
      };
    });
    origin.log.info({ event: 'address.reveal', account: revealed.uuid }, 'address reveal');
    return revealed;
  });
}
