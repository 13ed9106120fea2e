// The proxy allowlist: what an opened /proxy envelope may ask the provider for. Derived from the endpoint
// catalogue in contracts; anything it does not positively recognise is refused before a byte leaves the BFF.

import type { EnvironmentName } from '../contracts/constants.ts';
import {
  COMMON_HEADERS,
  type Endpoint,
  type EndpointMatch,
  matchEndpoint,
  PROVIDER_HOSTS,
} from '../contracts/endpoints.ts';
import { refuse } from './errors.ts';

export const MAX_URL_LENGTH = 2048;
export const MAX_HEADER_VALUE_LENGTH = 1024;
const MAX_HEADERS = 32;

/** What the browser sealed into /proxy, already shape-checked (see app.ts). */
export interface InnerRequest {
  method: string;
  url: string;
  headers?: unknown;
  data?: unknown;
}

export interface AllowedRequest {
  match: EndpointMatch;
  /** Path and query exactly as they will be appended to the upstream base. */
  pathAndQuery: string;
  /** Lower-case header names, values checked. */
  headers: Record<string, string>;
  /** The JSON text to forward, or undefined when there is no body. */
  body: string | undefined;
}

const COMMON = new Set<string>(COMMON_HEADERS);
/** Printable ASCII without space: anything else in a URL (whitespace, controls, non-ASCII) is refused. */
const URL_CHARS = /^[\x21-\x7e]+$/;
const ENCODED_TRICKS = /%(2e|2f|5c|25)/i;
const HEADER_NAME = /^[a-z0-9-]{1,64}$/i;
/** Header values: printable ASCII and space only (no CR, LF, NUL, other controls, no non-ASCII). */
const HEADER_VALUE = /^[\x20-\x7e]*$/;
const QUERY_VALUE = /^[A-Za-z0-9._~-]{0,100}$/;
const JSON_CONTENT_TYPE = /^application\/json(;\s*charset=utf-8)?$/i;

const badUrl = () => refuse.notAllowed('BAD_URL');

// Worked out once: both run on every proxied call.
const ORIGIN_OF_BASE = new Map<string, string>(
  Object.values(PROVIDER_HOSTS).flatMap((bases) => bases.map((b): [string, string] => [b, new URL(b).origin])),
);
const headersAllowedFor = new WeakMap<Endpoint, ReadonlySet<string>>();
function allowedHeaders(endpoint: Endpoint): ReadonlySet<string> {
  let allowed = headersAllowedFor.get(endpoint);
  if (!allowed) {
    allowed = new Set<string>([...COMMON, ...endpoint.headers]);
    headersAllowedFor.set(endpoint, allowed);
  }
  return allowed;
}

/** Checks the URL against the environment's provider bases; returns the pathname and the raw query. */
export function checkUrl(url: string, env: EnvironmentName): { pathname: string; search: string } {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_LENGTH) throw badUrl();
  if (!URL_CHARS.test(url)) throw badUrl();
  if (url.includes('\\') || url.includes('@') || url.includes('#') || url.includes('%')) throw badUrl();
  if (ENCODED_TRICKS.test(url)) throw badUrl();

  const base = PROVIDER_HOSTS[env].find((b) => url.startsWith(`${b}/`));
  if (!base) {
    const otherEnv = (Object.keys(PROVIDER_HOSTS) as EnvironmentName[]).some(
      (e) => e !== env && PROVIDER_HOSTS[e].some((b) => url.startsWith(`${b}/`)),
    );
    throw refuse.notAllowed(otherEnv ? 'WRONG_ENVIRONMENT' : 'HOST_NOT_ALLOWED');
  }

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badUrl();
  }
  // Normalisation must change nothing: no dot segments, no case or port games, no encoding differences.
  if (parsed.href !== url) throw badUrl();
  if (parsed.origin !== ORIGIN_OF_BASE.get(base)) throw refuse.notAllowed('HOST_NOT_ALLOWED');
  if (parsed.username || parsed.password || parsed.hash) throw badUrl();

  const pathname = parsed.pathname;
  if (pathname.includes('//')) throw badUrl();
  const segments = pathname.split('/');
  if (segments.some((s) => s === '.' || s === '..')) throw badUrl();
  if (url.includes('?') && parsed.search === '') throw badUrl();
  return { pathname, search: parsed.search };
}

/** Query keys must be listed by the endpoint, each at most once, with plain values. */
export function checkQuery(search: string, endpoint: Endpoint): string {
  if (search === '') return '';
  if (endpoint.query.length === 0) throw refuse.notAllowed('QUERY_NOT_ALLOWED');
  const seen = new Set<string>();
  for (const part of search.slice(1).split('&')) {
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? '' : part.slice(eq + 1);
    if (!endpoint.query.includes(key) || seen.has(key) || !QUERY_VALUE.test(value)) {
      throw refuse.notAllowed('QUERY_NOT_ALLOWED');
    }
    seen.add(key);
  }
  return search;
}

/** Inner headers: only the common ones and the endpoint's own; values bounded and free of control characters. */
export function checkHeaders(raw: unknown, endpoint: Endpoint): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (raw === undefined) return out;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw refuse.envelope();
  const entries = Object.entries(raw);
  if (entries.length > MAX_HEADERS) throw refuse.notAllowed('HEADER_NOT_ALLOWED');
  const allowed = allowedHeaders(endpoint);
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) throw refuse.notAllowed('HEADER_NOT_ALLOWED');
    const lower = name.toLowerCase();
    if (!allowed.has(lower) || Object.hasOwn(out, lower)) throw refuse.notAllowed('HEADER_NOT_ALLOWED');
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE_LENGTH || !HEADER_VALUE.test(value)) {
      throw refuse.notAllowed('BAD_HEADER_VALUE');
    }
    if (lower === 'content-type' && !JSON_CONTENT_TYPE.test(value)) throw refuse.notAllowed('BAD_HEADER_VALUE');
    out[lower] = value;
  }
  return out;
}

const POISON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_BODY_DEPTH = 16;

/** True when a JSON value nests too deep or carries a prototype-pollution key anywhere. */
function isPoisoned(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_BODY_DEPTH) return true;
  for (const [k, v] of Object.entries(value)) {
    if (POISON_KEYS.has(k) || isPoisoned(v, depth + 1)) return true;
  }
  return false;
}

/** The body: none for GET and DELETE; the endpoint's schema when it has one. The original data is forwarded. */
export function checkBody(data: unknown, endpoint: Endpoint): string | undefined {
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    if (data !== undefined) throw refuse.notAllowed('BODY_NOT_ALLOWED');
    return undefined;
  }
  if (isPoisoned(data) || (endpoint.body && !endpoint.body.safeParse(data).success)) {
    throw refuse.notAllowed('INVALID_BODY');
  }
  return data === undefined ? undefined : JSON.stringify(data);
}

/** The whole check, in order: URL, route, query, headers, body. Throws a BffError (4xx) on any refusal. */
export function allowProxyRequest(inner: InnerRequest, env: EnvironmentName): AllowedRequest {
  const { pathname, search } = checkUrl(inner.url, env);
  const match = matchEndpoint(inner.method, pathname);
  if (!match) throw refuse.notAllowed('ROUTE_NOT_ALLOWED');
  const query = checkQuery(search, match.endpoint);
  const headers = checkHeaders(inner.headers, match.endpoint);
  const body = checkBody(inner.data, match.endpoint);
  return { match, pathAndQuery: pathname + query, headers, body };
}
