import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { buildPath, endpointRoutes } from './routes.ts';

describe('route table', () => {
  it('describes every catalogue endpoint as the catalogue does, without the schemas', () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, route] of Object.entries(endpointRoutes)) {
      const { body, headers, query, ...rest } = endpoints[name as keyof typeof endpoints];
      expect(rest, name).toEqual(route);
      expect(route).not.toHaveProperty('body');
    }
    expect(endpoints.login.body).toBeDefined();
  });

  it('takes header and query names from the contract’s schemas', () => {
    expect(endpoints.accounts.headers).toEqual(['cnpj', 'relationcode', 'startaccount', 'direction']);
    expect(endpoints.listUsers.query).toEqual(['page', 'limit', 'direction']);
    expect(endpoints.blockCard.headers).toEqual([]);
    expect(endpoints.blockCard.query).toEqual([]);
  });

  it('builds the paths the client sends', () => {
    expect(buildPath('login')).toBe('/v0/portal/usuario/login');
    expect(buildPath('cepLookup', { cep: '01310200' })).toBe('/v1/address/cep/01310200');
  });
});
