// The signed-in operator's companies, their keyset-paged sub-accounts and their relationship limit.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { pageAccounts } from '../services/accounts.ts';
import { listCompanies, relationshipLimitOf } from '../services/companies.ts';

export async function companyRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'relationshipLimit', async ({ scope }) => relationshipLimitOf(ctx.db, scope.company.id));

  handle(app, 'companies', async ({ scope }) => ({ companies: await listCompanies(ctx.db, scope.principal.userId) }));

  // Header names arrive lower-cased; absent paging headers mean the first page (the contract's defaults).
  handle(app, 'accounts', async ({ headers, scope }) => {
    const { company } = scope;
    // A start account without a direction reads as "next": the only sensible reading of a cursor.
    const start = headers.startaccount === '' ? null : BigInt(headers.startaccount);
    const subAccounts = await pageAccounts(ctx.db, company.id, start, headers.direction || 'N');
    return {
      subAccounts,
      totalSubAccounts: company.totalSubAccounts,
      meta: { totalRecords: company.totalSubAccounts },
    };
  });
}
