// The audit trail screen (issue 16, decision 089): GET /v1/audit/events, the company's trail keyset-paged and
// filtered. Who may read it (audit.read, Administrador only) is the endpoint's policy (contracts/audit.ts).
import type { FastifyInstance } from 'fastify';
import { publishedHeadOf } from '../audit/heads.ts';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { auditPage, auditPeriod } from '../services/audit-trail.ts';

export async function auditRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'auditTrail', async ({ query, scope }) => {
    const period = auditPeriod(ctx.clock(), query.from, query.to);
    const [page, published] = await Promise.all([
      auditPage(ctx.db, scope.company.id, period, query),
      publishedHeadOf(ctx.auditHeads.dir, ctx.auditHeads.keys, scope.company.id),
    ]);
    return { events: page.events, published, from: period.from, to: period.to, next: page.next };
  });
}
