// Authorization history, the company's due dates and an invoice's transactions of one card.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoints } from '../../contracts/endpoints.ts';
import {
  type AuthorizationHistoryResponse,
  headerValues,
  type InvoiceDueDatesResponse,
  type InvoiceTransactionsResponse,
} from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { fastifyPath, principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { authorizationHistory, dueDatesOf, invoiceTransactions } from '../services/history.ts';
import { accountIdOf } from './cards.ts';

const last4Headers = z.object({ last4digits: headerValues.last4digits });
const transactionHeaders = z.object({ last4digits: headerValues.last4digits, duedate: headerValues.dueDate });

export async function historyRoutes(app: FastifyInstance, ctx: ProviderContext) {
  app.route(
    routeOf('authorizationHistory', async (request): Promise<AuthorizationHistoryResponse> => {
      const accountId = accountIdOf(request);
      const { last4digits } = parseWith(last4Headers, request.headers);
      return {
        authorizations: await authorizationHistory(ctx.db, principalOf(request).userId, accountId, last4digits),
      };
    }),
  );

  // The invoices screen reads the same due dates: registered once, by whichever area comes first.
  const dueDates = endpoints.invoiceDueDates;
  if (!app.hasRoute({ method: dueDates.method, url: fastifyPath(dueDates.path) })) {
    app.route(
      routeOf('invoiceDueDates', async (request): Promise<InvoiceDueDatesResponse> => {
        const accountId = accountIdOf(request);
        const { last4digits } = parseWith(last4Headers, request.headers);
        const list = await dueDatesOf(ctx.db, principalOf(request).userId, accountId, last4digits);
        return { listInvoiceDueDate: list.map((invoiceDueDate) => ({ invoiceDueDate })) };
      }),
    );
  }

  app.route(
    routeOf('invoiceTransactions', async (request): Promise<InvoiceTransactionsResponse> => {
      const accountId = accountIdOf(request);
      const headers = parseWith(transactionHeaders, request.headers);
      return {
        transactions: await invoiceTransactions(
          ctx.db,
          principalOf(request).userId,
          accountId,
          headers.last4digits,
          headers.duedate,
        ),
      };
    }),
  );
}
