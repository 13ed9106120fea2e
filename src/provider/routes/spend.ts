// The company's spend (issue 27, decision 118): GET /v1/corporate/transactions, scoped to one of the operator's
// companies like the account list; the company comes from the scope step, never from the filters.
import type { FastifyInstance } from 'fastify';
import { can } from '../../contracts/profiles.ts';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { companySpend, spendPeriod } from '../services/spend.ts';

export async function spendRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'companyTransactions', async ({ query, scope }) =>
    companySpend(ctx.db, scope.company.id, spendPeriod(ctx.clock(), query.from, query.to), {
      ...query,
      maskedCpf: !can(scope.profile, 'personal.read'),
    }),
  );
}
