// The cards search (issue 27, decision 115): GET /v1/corporate/accounts/search, scoped to one of the operator's
// companies like the account list.
import type { FastifyInstance } from 'fastify';
import { can } from '../../contracts/profiles.ts';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { searchCards } from '../services/card-search.ts';

export async function cardSearchRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'cardSearch', async ({ query, scope }) =>
    // The CPF matches what the operator sees: masked CPFs for a profile without personal.read.
    searchCards(ctx.db, scope.company.id, { ...query, maskedCpf: !can(scope.profile, 'personal.read') }),
  );
}
