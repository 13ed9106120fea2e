// The relationship's own account and its corporate invoice by due date (spec sections 2 and 7).
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { brasiliaToday, corporateInvoice, relationshipAccount } from '../services/invoices.ts';
import type { PixReceiver } from '../services/pix.ts';

/** `pix`: the issuer's receiver for the invoices' copia-e-cola, null when Pix is not offered (decision 077). */
export async function invoiceRoutes(app: FastifyInstance, ctx: ProviderContext & { pix: PixReceiver | null }) {
  handle(
    app,
    'corporateAccount',
    async ({ scope }) => (await relationshipAccount(ctx.db, scope.company)) ?? fail('COMPANY_NOT_FOUND'),
  );

  handle(
    app,
    'corporateInvoice',
    async ({ headers, scope }) =>
      (await corporateInvoice(ctx.db, scope.company.id, headers.duedate, ctx.pix, brasiliaToday(ctx.clock()))) ??
      fail('INVOICE_NOT_FOUND'),
  );
}
