// The lifecycle radar (issue 18.5, decision 083): the company's counts for /home and each list, keyset-paged.
import type { FastifyInstance } from 'fastify';
import { RADAR_EXPIRING_DAYS, RADAR_UNUSED_DAYS } from '../../contracts/radar.ts';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { profileInScope } from '../services/profiles.ts';
import { radarCompany, radarCounts, radarMoment, radarPage } from '../services/radar.ts';

export async function radarRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'radar', async ({ headers, principal }) => {
    const companyId = await radarCompany(ctx.db, principal.userId, headers.cnpj, headers.relationcode);
    const moment = radarMoment(ctx.clock());
    return {
      counts: await radarCounts(ctx.db, companyId, moment),
      asOf: moment.today,
      unusedDays: RADAR_UNUSED_DAYS,
      expiringDays: RADAR_EXPIRING_DAYS,
    };
  });

  handle(app, 'radarCards', async ({ headers, query, principal }) => {
    const companyId = await radarCompany(ctx.db, principal.userId, headers.cnpj, headers.relationcode);
    // radarCompany's chokepoint recorded the operator's profile in this company.
    const maskedCpf = profileInScope() === 'CONSULTA';
    const page = await radarPage(ctx.db, companyId, radarMoment(ctx.clock()), { ...query, maskedCpf });
    return { category: query.category, ...page };
  });
}
