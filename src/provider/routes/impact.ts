// Impact preview (issue 18.3): GET /v1/cards/impact/{uuid}?action=block|cancel|secondCopy, the figures the
// confirmation of a block, a cancel or a 2ª via shows. Another company's card answers like an unknown one.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { cardImpact } from '../services/impact.ts';

export async function impactRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'cardImpact', async ({ query, scope }) => cardImpact(ctx.db, scope, query.action, ctx.clock()));
}
