// No route without a contract entry (and so without a declared policy), and no served entry without its route: the
// provider's routes, as Fastify registers them, against the catalogue.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contract, type EndpointName } from '../../contracts/contract.ts';
import { NETWORK_ROUTES, type NetworkEndpointName } from '../../contracts/network.ts';
import { testConfig } from '../../platform/config.ts';
import { buildProvider } from '../app.ts';
import { migrate } from '../db/migrate.ts';
import { fastifyPath } from '../http/route.ts';
import { freshDatabase } from '../test/harness.ts';

/** Routes that are not the portal's API: the load balancer's health check. */
const INFRASTRUCTURE = new Set(['GET /health']);

const routes: RouteOptions[] = [];
let close: () => Promise<void>;

beforeAll(async () => {
  const { handle, drop } = await freshDatabase();
  await migrate(handle);
  const app = buildProvider({ db: handle, config: testConfig(), publicRateLimit: false });
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await app.ready();
  close = async () => {
    await app.close();
    await handle.close();
    await drop();
  };
});
afterAll(() => close());

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

it('serves each route under the contract entry it names, by the entry’s method and path', () => {
  const unnamed: string[] = [];
  for (const route of routes) {
    for (const method of methodsOf(route)) {
      if (method === 'HEAD' || INFRASTRUCTURE.has(`${method} ${route.url}`)) continue;
      const name = route.config?.endpoint;
      // The card network's API is not the portal's: it answers to its own table (network.ts), with its own key.
      if (name && Object.hasOwn(NETWORK_ROUTES, name)) {
        const entry = NETWORK_ROUTES[name as NetworkEndpointName];
        expect(`${method} ${route.url}`).toBe(`${entry.method} ${entry.path}`);
        continue;
      }
      if (!name || !Object.hasOwn(contract, name)) {
        unnamed.push(`${method} ${route.url}`);
        continue;
      }
      const entry = contract[name as EndpointName];
      expect(`${method} ${route.url}`).toBe(`${entry.method} ${fastifyPath(entry.path)}`);
    }
  }
  expect(unnamed, 'routes without a contract entry').toEqual([]);
});

it('serves the card network’s API apart from the portal’s contract', () => {
  const served = new Set(routes.map((r) => r.config?.endpoint));
  expect(Object.keys(NETWORK_ROUTES).filter((name) => !served.has(name as NetworkEndpointName))).toEqual([]);
  expect(Object.keys(NETWORK_ROUTES).filter((name) => Object.hasOwn(contract, name))).toEqual([]);
});

it('has a route for every entry the provider serves', () => {
  const served = new Set(routes.map((r) => r.config?.endpoint));
  const missing = (Object.keys(contract) as EndpointName[]).filter(
    (name) => contract[name].policy.served !== false && !served.has(name),
  );
  expect(missing).toEqual([]);
});
