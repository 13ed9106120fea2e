// Holder data and delivery address updates, validated with the catalogue's schemas (birth date DDMMYYYY,
// a real date).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressUpdateBody, holderUpdateBody, type MessageResponse } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import type { Actor } from '../services/card-controls.ts';
import { updateAddress, updateHolder } from '../services/holders.ts';
import { accountIdOf } from './cards.ts';

export async function holderRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const actorOf = (request: FastifyRequest): Actor => ({ userId: principalOf(request).userId, at: ctx.clock() });

  app.route(
    routeOf('holderUpdate', async (request): Promise<MessageResponse> => {
      const accountId = accountIdOf(request);
      const body = parseWith(holderUpdateBody, request.body);
      return { message: await updateHolder(ctx.db, actorOf(request), accountId, body) };
    }),
  );

  app.route(
    routeOf('addressUpdate', async (request): Promise<MessageResponse> => {
      const accountId = accountIdOf(request);
      const body = parseWith(addressUpdateBody, request.body);
      return { message: await updateAddress(ctx.db, actorOf(request), accountId, body) };
    }),
  );
}
