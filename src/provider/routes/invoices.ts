// The relationship's own account and its corporate invoice by due date (spec sections 2 and 7).
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { corporateInvoice, operatorCompany, relationshipAccount } from '../services/invoices.ts';
import type { PixReceiver } from '../services/pix.ts';

/** `pix`: the issuer's receiver for the invoices' copia-e-cola, null when Pix is not offered (decision 077). */
export async function invoiceRoutes(app: FastifyInstance, ctx: ProviderContext & { pix: PixReceiver | null }) {
  handle(app, 'corporateAccount', async ({ headers, principal }) => {
    const account = await relationshipAccount(ctx.db, principal.userId, headers.cnpj, headers.relationcode);
    if (!account) fail('COMPANY_NOT_FOUND');
    return account;
  });

  handle(app, 'corporateInvoice', async ({ headers, principal }) => {
    const company = await operatorCompany(ctx.db, principal.userId, headers.cnpj);
    if (!company) fail('COMPANY_NOT_FOUND');
    const invoice = await corporateInvoice(ctx.db, company.id, headers.duedate, ctx.pix);
    if (!invoice) fail('INVOICE_NOT_FOUND');
    return invoice;
  });
}
