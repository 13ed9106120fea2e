// Holder data and delivery address updates, validated with the contract's bodies (birth date DDMMYYYY, a real
// date).
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { updateAddress, updateHolder } from '../services/holders.ts';

export async function holderRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'holderUpdate', async ({ body, scope, request }) => ({
    message: await updateHolder(ctx.db, scope, { at: ctx.clock(), address: request.ip }, body),
  }));

  handle(app, 'addressUpdate', async ({ body, scope, request }) => ({
    message: await updateAddress(ctx.db, scope, { at: ctx.clock(), address: request.ip }, body),
  }));
}
