// The relationship's own account and its corporate invoice by due date (spec sections 2 and 7).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../contracts/messages.ts';
import type { CorporateAccountResponse, CorporateInvoice } from '../../contracts/schemas.ts';
import { headerValues } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { corporateInvoice, operatorCompany, relationshipAccount } from '../services/invoices.ts';

/** Header names arrive lower-cased. */
const accountHeaders = z.object({ cnpj: headerValues.cnpj, relationcode: headerValues.relationCode });
const invoiceHeaders = z.object({ cnpj: headerValues.cnpj, duedate: headerValues.dueDate });

export async function invoiceRoutes(app: FastifyInstance, ctx: ProviderContext) {
  app.route(
    routeOf('corporateAccount', async (request): Promise<CorporateAccountResponse> => {
      const headers = parseWith(accountHeaders, request.headers);
      const account = await relationshipAccount(
        ctx.db,
        principalOf(request).userId,
        headers.cnpj,
        headers.relationcode,
      );
      if (!account) throw new AppError(404, 'COMPANY_NOT_FOUND', messages.company.notFound);
      return account;
    }),
  );

  app.route(
    routeOf('corporateInvoice', async (request): Promise<CorporateInvoice> => {
      const headers = parseWith(invoiceHeaders, request.headers);
      const company = await operatorCompany(ctx.db, principalOf(request).userId, headers.cnpj);
      if (!company) throw new AppError(404, 'COMPANY_NOT_FOUND', messages.company.notFound);
      const invoice = await corporateInvoice(ctx.db, company.id, headers.duedate);
      if (!invoice) throw new AppError(404, 'INVOICE_NOT_FOUND', messages.invoices.unavailable);
      return invoice;
    }),
  );
}
