// CEP lookup: GET /v1/address/cep/{cep} answered from the cache or the ViaCEP-compatible CEP_API_URL.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { lookupCep } from '../services/cep.ts';

export interface CepRouteOptions extends ProviderContext {
  cepApiUrl: string;
}

export async function cepRoutes(app: FastifyInstance, opts: CepRouteOptions) {
  handle(app, 'cepLookup', async ({ params, request }) =>
    lookupCep({ db: opts.db, clock: opts.clock, apiUrl: opts.cepApiUrl, log: request.log }, params.cep),
  );
}
