// The lifecycle radar (issue 18.5, decision 083): the company's counts for /home and each list, keyset-paged.
import type { FastifyInstance } from 'fastify';
import { can } from '../../contracts/profiles.ts';
import { RADAR_EXPIRING_DAYS, RADAR_UNUSED_DAYS } from '../../contracts/radar.ts';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { radarCounts, radarMoment, radarPage } from '../services/radar.ts';

export async function radarRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'radar', async ({ scope }) => {
    const moment = radarMoment(ctx.clock());
    return {
      counts: await radarCounts(ctx.db, scope.company.id, moment),
      asOf: moment.today,
      unusedDays: RADAR_UNUSED_DAYS,
      expiringDays: RADAR_EXPIRING_DAYS,
    };
  });

  handle(app, 'radarCards', async ({ query, scope }) => {
    // The list's CPF filter matches what the operator sees: masked CPFs for a profile without personal.read.
    const maskedCpf = !can(scope.profile, 'personal.read');
    const page = await radarPage(ctx.db, scope.company.id, radarMoment(ctx.clock()), { ...query, maskedCpf });
    return { category: query.category, ...page };
  });
}
