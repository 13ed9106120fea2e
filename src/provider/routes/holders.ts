// Holder data and delivery address updates, validated with the contract's bodies (birth date DDMMYYYY, a real
// date).
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import type { Actor } from '../services/card-controls.ts';
import { updateAddress, updateHolder } from '../services/holders.ts';
import type { Principal } from '../services/sessions.ts';

export async function holderRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const actorOf = (principal: Principal, request: { ip: string }): Actor => ({
    userId: principal.userId,
    at: ctx.clock(),
    address: request.ip,
  });

  handle(app, 'holderUpdate', async ({ params, body, principal, request }) => ({
    message: await updateHolder(ctx.db, actorOf(principal, request), params.uuid, body),
  }));

  handle(app, 'addressUpdate', async ({ params, body, principal, request }) => ({
    message: await updateAddress(ctx.db, actorOf(principal, request), params.uuid, body),
  }));
}
