// The audit trail screen (issue 16, decision 089): GET /v1/audit/events, the company's trail keyset-paged and
// filtered. The profile rule (audit.read, Administrador only) is enforced for every endpoint by the permission table.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { auditCompany, auditPage, auditPeriod } from '../services/audit-trail.ts';

export async function auditRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'auditTrail', async ({ headers, query, principal }) => {
    const companyId = await auditCompany(ctx.db, principal.userId, headers.cnpj, headers.relationcode);
    const period = auditPeriod(ctx.clock(), query.from, query.to);
    const page = await auditPage(ctx.db, companyId, period, query);
    return { events: page.events, from: period.from, to: period.to, next: page.next };
  });
}
