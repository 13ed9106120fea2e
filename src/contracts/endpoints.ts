// The endpoint catalogue as the BFF's allowlist reads it: route, header and query names, body schema, all taken
// from the contract (contract.ts), and the matcher that finds an endpoint from a method and a path.
import type { z } from 'zod';
import { contract, PARAM_PATTERNS } from './contract.ts';
import type { EndpointName, EndpointRoute } from './routes.ts';

export { buildPath, COMMON_HEADERS, type EndpointName, type HttpMethod, PROVIDER_HOSTS } from './routes.ts';

export interface Endpoint extends EndpointRoute {
  /** Request headers this endpoint reads besides the common ones (lower-case). */
  headers: readonly string[];
  /** Query keys this endpoint accepts (only the user list has any). */
  query: readonly string[];
  body?: z.ZodType;
}

export const endpoints = Object.fromEntries(
  Object.values(contract).map((c) => {
    const { method, path, public: isPublic, systemName } = c;
    const body = 'body' in c ? (c.body as z.ZodType) : undefined;
    return [
      c.name,
      {
        method,
        path,
        headers: c.headerNames,
        query: c.queryNames,
        ...(isPublic ? { public: isPublic } : {}),
        ...(systemName ? { systemName } : {}),
        ...(body ? { body } : {}),
      },
    ];
  }),
) as Readonly<Record<EndpointName, Endpoint>>;

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
