// The endpoint catalogue: the one place a provider endpoint is described. The route table (routes.ts) is what a
// client needs to build a request; this module adds the zod body schemas. The BFF's proxy allowlist and the
// provider's routes are derived from it.
import type { z } from 'zod';
import { type EndpointName, type EndpointRoute, endpointRoutes } from './routes.ts';
import * as s from './schemas.ts';

export { buildPath, COMMON_HEADERS, type EndpointName, type HttpMethod, PROVIDER_HOSTS } from './routes.ts';

export interface Endpoint extends EndpointRoute {
  body?: z.ZodType;
}

/** The body each endpoint that takes one must match; the others take none. */
const bodies: Partial<Record<EndpointName, z.ZodType>> = {
  login: s.loginBody,
  recoverPassword: s.recoveryBody,
  firstAccess: s.firstAccessBody,
  createUser: s.createUserBody,
  updateUser: s.updateUserBody,
  updateUserStatus: s.userStatusBody,
  blockCard: s.cardBlockBody,
  blockAccount: s.accountBlockBody,
  deactivateCard: s.last4Body,
  activateCard: s.activationBody,
  changeLimit: s.limitChangeBody,
  secondCopy: s.secondCopyBody,
  passwordReset: s.passwordResetBody,
  holderUpdate: s.holderUpdateBody,
  addressUpdate: s.addressUpdateBody,
  occurrence: s.occurrenceBody,
  proposal: s.proposalBody,
};

export const endpoints = Object.fromEntries(
  Object.entries(endpointRoutes).map(([name, route]) => {
    const body = bodies[name as EndpointName];
    return [name, body ? { ...route, body } : route];
  }),
) as Readonly<Record<EndpointName, Endpoint>>;

/** What a path parameter may hold: no dots, slashes, percent signs or anything a path could be bent with. */
const PARAM_PATTERNS: Record<string, string> = {
  uuid: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
  documentNumber: '\\d{1,14}',
  numeroDocumento: '\\d{1,14}',
  cep: '\\d{8}',
};

const compiled = Object.entries(endpoints).map(([name, ep]) => {
  const source = ep.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, p: string) => {
    const pattern = PARAM_PATTERNS[p];
    if (!pattern) throw new Error(`no pattern for path parameter ${p}`);
    return `(?<${p}>${pattern})`;
  });
  return { name: name as EndpointName, endpoint: ep, regex: new RegExp(`^${source}$`) };
});

export interface EndpointMatch {
  name: EndpointName;
  endpoint: Endpoint;
  params: Record<string, string>;
}

/** Finds the catalogue entry for a method and an already-normalised pathname, or null. */
export function matchEndpoint(method: string, pathname: string): EndpointMatch | null {
  for (const c of compiled) {
    if (c.endpoint.method !== method) continue;
    const m = c.regex.exec(pathname);
    if (m) return { name: c.name, endpoint: c.endpoint, params: { ...m.groups } };
  }
  return null;
}
