// The card network's API (issue 30, decision 132): not the portal's. No operator session and no BFF: the network
// proves itself with the deployment's NETWORK_API_KEY in `x-network-key`, compared in constant time. Without a key
// configured every call is refused — the endpoint is closed until a deployment opens it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { centsOf } from '../../contracts/money.ts';
import { NETWORK_ROUTES, networkAuthorizationBody } from '../../contracts/network.ts';
import type { Db } from '../db/client.ts';
import { fail } from '../errors.ts';
import { parseWith } from '../http/validate.ts';
import { authorizeNetworkPurchase } from '../services/spending/authorize.ts';

export interface NetworkOptions {
  db: Db;
  /** NETWORK_API_KEY; undefined closes the API. */
  key: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function keyMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || given === '') return false;
  // Digests of equal length, so the comparison's time says nothing about the key's length or prefix.
  return timingSafeEqual(digest(expected), digest(given));
}

export async function networkRoutes(app: FastifyInstance, opts: NetworkOptions) {
  const { method, path } = NETWORK_ROUTES.networkAuthorize;
  app.route({
    method,
    url: path,
    config: { endpoint: 'networkAuthorize' },
    handler: async (request) => {
      if (!keyMatches(opts.key, request.headers['x-network-key'])) fail('NETWORK_UNAUTHENTICATED');
      const body = parseWith(networkAuthorizationBody, request.body);
      return authorizeNetworkPurchase(opts.db, {
        requestId: body.requestId,
        cardId: body.cardId,
        valueCents: centsOf(body.amount),
        merchantName: body.merchantName,
        mcc: body.mcc,
        merchantCountry: body.merchantCountry,
        channel: body.channel,
        at: new Date(body.at),
      });
    },
  });
}
