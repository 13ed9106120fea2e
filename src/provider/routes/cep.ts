// CEP lookup: GET /v1/address/cep/{cep} answered from the cache or the ViaCEP-compatible CEP_API_URL.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CepResponse } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { lookupCep } from '../services/cep.ts';

const cepParams = z.object({ cep: z.string().regex(/^\d{8}$/, 'O campo CEP é inválido.') });

export interface CepRouteOptions extends ProviderContext {
  cepApiUrl: string;
}

export async function cepRoutes(app: FastifyInstance, opts: CepRouteOptions) {
  app.route(
    routeOf('cepLookup', async (request): Promise<CepResponse> => {
      const { cep } = parseWith(cepParams, request.params);
      return lookupCep({ db: opts.db, clock: opts.clock, apiUrl: opts.cepApiUrl, log: request.log }, cep);
    }),
  );
}
