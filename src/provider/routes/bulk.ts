// Bulk changes (issue 18.2): POST /v1/bulk/preview judges a CSV's rows and writes nothing; POST /v1/bulk/apply
// applies them once each. The browser sends a file in calls of at most 100 rows (decision 085).
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { applyBulk } from '../services/bulk/apply.ts';
import { previewBulk } from '../services/bulk/preview.ts';

export async function bulkRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'bulkPreview', async ({ body, scope, request }) => ({
    rows: await previewBulk(ctx.db, scope, body, ctx.clock(), request.log),
  }));

  handle(app, 'bulkApply', async ({ body, scope, request }) => {
    const origin = { address: request.ip, log: request.log };
    return { rows: await applyBulk(ctx.db, scope, body, ctx.clock(), origin) };
  });
}
