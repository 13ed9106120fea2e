// The endpoint catalogue: the one place a provider endpoint is described. The web client calls through it,
// the BFF's proxy allowlist is derived from it, and the provider's routes are registered from it.
import type { z } from 'zod';
import * as s from './schemas.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Path template; `{name}` marks a path parameter. */
  path: string;
  /** Request headers this endpoint reads besides the common ones (lower-case). */
  headers: readonly string[];
  /** Query keys this endpoint accepts (only the user list has any). */
  query: readonly string[];
  body?: z.ZodType;
  /** True for the calls made before a user is signed in. */
  public?: boolean;
  systemName?: 'fidis' | 'spark';
}

/** Headers every provider call may carry (spec section 7: bearer, environment, system, supplier, org). */
export const COMMON_HEADERS = [
  'authorization',
  'environmentname',
  'systemname',
  'content-type',
  'accept',
  'supplier',
  'org',
] as const;

const e = (method: HttpMethod, path: string, opts: Partial<Omit<Endpoint, 'method' | 'path'>> = {}): Endpoint => ({
  method,
  path,
  headers: [],
  query: [],
  ...opts,
});

export const endpoints = {
  // Portal users (layer 2, portal user endpoints)
  login: e('POST', '/v0/portal/usuario/login', { body: s.loginBody, public: true }),
  recoverPassword: e('POST', '/v0/portal/usuario/recuperarsenha', { body: s.recoveryBody, public: true }),
  firstAccess: e('PUT', '/v0/portal/usuario/primeiroacesso', { body: s.firstAccessBody }),
  logout: e('POST', '/v0/portal/usuario/logout'),
  createCompany: e('POST', '/v0/portal/empresa/'),
  /** Header `cnpj`: the operator's chosen company, the one the new user joins (docs/decisions.md). */
  createUser: e('POST', '/v0/portal/usuario/', { body: s.createUserBody, headers: ['cnpj'] }),
  /** Header `cnpj` (optional): only that company's users; without it, those of all the operator's companies. */
  listUsers: e('GET', '/v0/portal/usuario/todos', { query: ['page', 'limit', 'direction'], headers: ['cnpj'] }),
  updateUser: e('PATCH', '/v0/portal/usuario/{documentNumber}', { body: s.updateUserBody }),
  updateUserStatus: e('PUT', '/v0/portal/usuario/status/{documentNumber}', { body: s.userStatusBody }),
  deleteUser: e('DELETE', '/v0/portal/usuario/{numeroDocumento}'),

  // Card platform (layer 2, card endpoints)
  companies: e('GET', '/v1/corporate/companies'),
  accounts: e('GET', '/v1/corporate/accounts', { headers: ['cnpj', 'relationcode', 'startaccount', 'direction'] }),
  /** Not shown by the spec: the relationship's own account, found by cnpj and relation code (docs/decisions.md). */
  corporateAccount: e('GET', '/v1/corporate/account', { headers: ['cnpj', 'relationcode'] }),
  cardsByDocument: e('GET', '/v1/cards/{documentNumber}', { headers: ['cnpj', 'relationcode'] }),
  cardsOfAccount: e('GET', '/v1/cards/account/{uuid}'),
  holder: e('GET', '/v1/accounts/data/{uuid}'),
  blockCard: e('POST', '/v1/cards/block/{uuid}', { body: s.cardBlockBody }),
  blockAccount: e('PUT', '/v1/account/block/{uuid}', { body: s.accountBlockBody }),
  deactivateCard: e('POST', '/v1/cards/deactivation/{uuid}', { body: s.last4Body }),
  activateCard: e('POST', '/v1/cards/activation/{uuid}', { body: s.activationBody }),
  consultCard: e('GET', '/v2/card/consult/{uuid}', { headers: ['last4digits', 'product'] }),
  authorizationHistory: e('GET', '/v2/authorization/history/consult/{uuid}', { headers: ['last4digits'] }),
  readLimit: e('GET', '/v1/limit/management/{uuid}', { headers: ['last4digits'] }),
  changeLimit: e('PUT', '/v1/limit/management/{uuid}', { body: s.limitChangeBody }),
  /** Not shown by the spec: the emboss name and visual-deficiency indicator read (docs/decisions.md). */
  embossData: e('GET', '/v1/cards/emboss/{uuid}', { headers: ['last4digits'] }),
  secondCopy: e('POST', '/v1/cards/issue/2way/{uuid}', { body: s.secondCopyBody }),
  passwordReset: e('POST', '/v1/cards/password/reset/{uuid}', { body: s.passwordResetBody }),
  holderUpdate: e('PUT', '/v1/client/account/{uuid}', { body: s.holderUpdateBody }),
  addressUpdate: e('PUT', '/v1/client/address/{uuid}', { body: s.addressUpdateBody }),
  invoiceDueDates: e('GET', '/v2/invoice/duedate/{uuid}', { headers: ['last4digits'] }),
  invoiceTransactions: e('GET', '/v2/invoice/transactions/{uuid}', { headers: ['duedate', 'last4digits'] }),
  corporateInvoice: e('GET', '/v2/invoice/corporate', { headers: ['duedate', 'cnpj'] }),
  occurrence: e('POST', '/v1/occurrence/registration/{uuid}', { body: s.occurrenceBody }),
  proposal: e('POST', '/v2/proposal/corporate/{documentNumber}', { body: s.proposalBody, systemName: 'spark' }),
  /** Not shown by the spec: the CEP lookup, answered by the provider from CEP_API_URL with a cache (docs/decisions.md). */
  cepLookup: e('GET', '/v1/address/cep/{cep}'),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

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
  return { name: name as EndpointName, endpoint: ep as Endpoint, regex: new RegExp(`^${source}$`) };
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

/** Fills a path template: every parameter is URI-encoded, and a missing one is a programming error. */
export function buildPath(name: EndpointName, params: Record<string, string> = {}): string {
  return endpoints[name].path.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = params[p];
    if (v === undefined) throw new Error(`missing path parameter ${p} for ${name}`);
    return encodeURIComponent(v);
  });
}

/**
 * The provider bases the client addresses, per environment. The BFF maps the base onto the real upstream
 * (PROVIDER_URL), so the browser never learns the internal topology; the homologation host is a sandbox host.
 */
export const PROVIDER_HOSTS = {
  prod: ['https://api.fidis.com.br'],
  sandbox: ['https://sandbox.api.fidis.com.br', 'https://homolog.api.fidis.com.br'],
} as const;
