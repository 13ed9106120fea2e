// Consulta's audited "mostrar" of an address (issue 16, decision 093): the holder's full address, audited as
// address.reveal.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { revealPersonalData } from '../services/personal-data-reveal.ts';
import { originOf } from '../services/security-events.ts';

export async function revealAddressRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'revealAddress', ({ scope, request }) =>
    revealPersonalData(ctx.db, scope, originOf(request), ctx.clock(), 'address.reveal', ({ account }) => ({
      uuid: account.id,
      cardHolder: account.holderName,
      zipCode: account.zipCode,
      address: account.address,
      addressNumber: account.addressNumber,
      addressComplement: account.addressComplement ?? '',
      district: account.district,
      city: account.city,
      state: account.state,
    })),
  );
}
