// The signed-in operator's companies and their keyset-paged sub-accounts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../contracts/messages.ts';
import { type AccountsResponse, headerValues } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { pageAccounts } from '../services/accounts.ts';
import { companyOfUser, listCompanies } from '../services/companies.ts';

/** Header names arrive lower-cased; absent paging headers mean the first page. */
const accountsHeaders = z.object({
  cnpj: headerValues.cnpj,
  relationcode: headerValues.relationCode,
  startaccount: headerValues.startAccount.default(''),
  direction: headerValues.direction.default(''),
});

export async function companyRoutes(app: FastifyInstance, ctx: ProviderContext) {
  app.route(
    routeOf('companies', async (request) => ({
      companies: await listCompanies(ctx.db, principalOf(request).userId),
    })),
  );

  app.route(
    routeOf('accounts', async (request): Promise<AccountsResponse> => {
      const headers = parseWith(accountsHeaders, request.headers);
      const company = await companyOfUser(ctx.db, principalOf(request).userId, headers.cnpj, headers.relationcode);
      if (!company) throw new AppError(404, 'COMPANY_NOT_FOUND', messages.company.notFound);
      // A start account without a direction reads as "next": the only sensible reading of a cursor.
      const start = headers.startaccount === '' ? null : BigInt(headers.startaccount);
      const subAccounts = await pageAccounts(ctx.db, company.id, start, headers.direction || 'N');
      return {
        subAccounts,
        totalSubAccounts: company.totalSubAccounts,
        meta: { totalRecords: company.totalSubAccounts },
      };
    }),
  );
}
