// Authorization history, the company's due dates and an invoice's transactions of one card.
import type { FastifyInstance } from 'fastify';
import { endpointRoutes } from '../../contracts/routes.ts';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { fastifyPath } from '../http/route.ts';
import { authorizationHistory, dueDatesOf, invoiceTransactions } from '../services/history.ts';

export async function historyRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'authorizationHistory', async ({ scope }) => ({
    authorizations: await authorizationHistory(ctx.db, scope),
  }));

  // The invoices screen reads the same due dates: registered once, by whichever area comes first.
  const dueDates = endpointRoutes.invoiceDueDates;
  if (!app.hasRoute({ method: dueDates.method, url: fastifyPath(dueDates.path) })) {
    handle(app, 'invoiceDueDates', async ({ scope }) => {
      const list = await dueDatesOf(ctx.db, scope);
      return { listInvoiceDueDate: list.map((invoiceDueDate) => ({ invoiceDueDate })) };
    });
  }

  handle(app, 'invoiceTransactions', async ({ headers, scope }) => ({
    transactions: await invoiceTransactions(ctx.db, scope, headers.duedate),
  }));
}
