// One typed contract per endpoint: route (routes.ts), path parameters, headers, query, body, the answer per status
// and the refusals it may give. The provider's handlers, the BFF's allowlist, the web's `api.*` and the OpenAPI file
// are all derived from this table; nothing pairs an endpoint with a schema anywhere else.
import { z } from 'zod';
import { auditSpecs } from './audit.ts';
import { bulkSpecs } from './bulk.ts';
import { USER_LIST_LIMIT } from './constants.ts';
import type { ServerErrorCode } from './errors.ts';
import { exportSpecs } from './exports.ts';
import { uuid } from './fields.ts';
import { impactSpecs } from './impact.ts';
import { profileSpecs } from './profiles-contract.ts';
import { radarSpecs } from './radar.ts';
import { type EndpointName, type EndpointRoute, endpointRoutes } from './routes.ts';
import * as s from './schemas.ts';
import { secondFactorSpecs } from './second-factor.ts';

/** Path parameter names of a template: '/v1/cards/{uuid}' → 'uuid'. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;
export type PathParams<N extends EndpointName> = {
  [K in ParamNames<(typeof endpointRoutes)[N]['path']>]: string;
};

type Shape = z.ZodObject<z.ZodRawShape>;

export interface EndpointSpec {
  /** Endpoint headers besides the common ones, lower-case names. */
  headers?: Shape;
  query?: Shape;
  body?: z.ZodType;
  /** For a body that is a union: the member a raw body means, parsed in place of the union (its refusals name the field). */
  bodyOf?: (raw: unknown) => z.ZodType;
  /** The success status: 200 unless said. A 204 answers no body. */
  status?: 200 | 201 | 204;
  response: z.ZodType;
  /** What the browser receives when the BFF reshapes the answer (the login keeps its token in the BFF, decision 040). */
  browserResponse?: z.ZodType;
  /** A path parameter rule other than its pattern's (the user routes answer 404 rather than 400). */
  params?: Shape;
  /** The refusals the endpoint itself raises (validation, authentication and rate limits apply to all). */
  errors?: readonly ServerErrorCode[];
}

export interface Contract<N extends EndpointName = EndpointName> extends EndpointSpec, EndpointRoute {
  name: N;
  params: Shape;
  headerNames: readonly string[];
  queryNames: readonly string[];
}

/** What a path parameter may hold: no dots, slashes, percent signs or anything a path could be bent with. */
export const PARAM_PATTERNS: Record<string, string> = {
  uuid: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
  documentNumber: '\\d{1,14}',
  numeroDocumento: '\\d{1,14}',
  cep: '\\d{8}',
};

const paramRules: Record<string, z.ZodType> = {
  uuid,
  documentNumber: z.string().regex(/^\d{1,14}$/),
  numeroDocumento: z.string().regex(/^\d{1,14}$/),
  cep: z.string().regex(/^\d{8}$/, 'O campo CEP é inválido.'),
};

function pathParamsOf(path: string): Shape {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return z.object(
    Object.fromEntries(
      names.map((n) => {
        const rule = paramRules[n];
        if (!rule) throw new Error(`no rule for path parameter ${n}`);
        return [n, rule];
      }),
    ),
  );
}

const last4Headers = z.object({ last4digits: s.headerValues.last4digits });
const companyHeaders = z.object({ cnpj: s.headerValues.cnpj, relationcode: s.headerValues.relationCode });
const done = s.messageResponse;
const mensagem = z.object({ mensagemRetorno: z.string() });
const userAnswer = mensagem.extend({ usuario: s.portalUser });
/** A user's document in the path: anything that is not 11 digits is a user that cannot exist (404, not 400). */
const userDocument = z.object({ documentNumber: z.string() });
/** A cancelled account's card answers PERMANENTLY_BLOCKED to the changes that check it. */
const CARD_CHANGE_ERRORS = ['CARD_NOT_FOUND'] as const;

const specs = {
  // Portal users
  login: {
    body: s.loginBody,
    response: s.loginResponse,
    browserResponse: s.loginResponse.omit({ token: true }),
    errors: ['LOGIN_FAILED', 'TEMPORARY_PASSWORD_EXPIRED'],
  },
  recoverPassword: {
    body: s.recoveryBody,
    bodyOf: s.recoveryStepOf,
    response: done,
    errors: [
      'INVALID_CODE',
      'TOO_MANY_CODES',
      'CODE_MAIL_FAILED',
      'PASSWORDS_DIFFER',
      'RECOVERY_LOGIN_NOT_FOUND',
      'PASSWORD_CHANGE_FAILED',
    ],
  },
  firstAccess: {
    body: s.firstAccessBody,
    response: done,
    errors: [
      'PASSWORDS_DIFFER',
      'SAME_AS_TEMPORARY_PASSWORD',
      'NOT_TEMPORARY_PASSWORD',
      'FORBIDDEN',
      'RECOVERY_LOGIN_NOT_FOUND',
    ],
  },
  logout: { status: 204, response: z.undefined() },
  session: { response: s.sessionResponse },
  changePassword: {
    body: s.changePasswordBody,
    response: done,
    errors: [
      'FORBIDDEN',
      'PASSWORDS_DIFFER',
      'SAME_PASSWORD',
      'WRONG_CURRENT_PASSWORD',
      'PASSWORD_TRIES_EXHAUSTED',
      'PASSWORD_CHANGE_CONFLICT',
    ],
  },
  createCompany: { body: z.object({}).loose(), response: z.object({}).loose() },
  createUser: {
    headers: z.object({ cnpj: s.headerValues.cnpj }),
    body: s.createUserBody,
    status: 201,
    response: userAnswer,
    errors: ['COMPANY_NOT_FOUND', 'LOGIN_TAKEN', 'DOCUMENT_TAKEN', 'USER_MAIL_FAILED', 'FORBIDDEN'],
  },
  listUsers: {
    headers: z.object({ cnpj: s.headerValues.cnpj.optional() }),
    query: z.object({
      page: z.coerce.number().int().min(0).max(100_000).default(0),
      limit: z.coerce.number().int().min(1).max(USER_LIST_LIMIT).default(USER_LIST_LIMIT),
      direction: z.enum(['asc', 'desc']).default('asc'),
    }),
    response: s.usersResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  updateUser: {
    params: userDocument,
    body: s.updateUserBody,
    response: userAnswer,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  },
  updateUserStatus: {
    params: userDocument,
    body: s.userStatusBody,
    response: userAnswer,
    errors: ['USER_NOT_FOUND', 'SELF_DEACTIVATE', 'FORBIDDEN'],
  },
  deleteUser: {
    params: z.object({ numeroDocumento: z.string() }),
    response: mensagem,
    errors: ['USER_NOT_FOUND', 'USER_ACTIVE', 'SELF_DELETE', 'FORBIDDEN'],
  },

  // Card platform
  companies: { response: s.companiesResponse },
  accounts: {
    headers: companyHeaders.extend({
      startaccount: s.headerValues.startAccount.default(''),
      direction: s.headerValues.direction.default(''),
    }),
    response: s.accountsResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  corporateAccount: {
    headers: companyHeaders,
    response: s.corporateAccountResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  relationshipLimit: { headers: companyHeaders, response: s.relationshipLimitResponse, errors: ['COMPANY_NOT_FOUND'] },
  cardsByDocument: { headers: companyHeaders, response: s.cardsResponse, errors: ['CARDS_NOT_FOUND'] },
  cardsOfAccount: { response: s.cardsResponse, errors: ['CARD_NOT_FOUND'] },
  holder: { response: s.accountData, errors: ['HOLDER_NOT_FOUND'] },
  blockCard: {
    body: s.cardBlockBody,
    response: done,
    errors: [...CARD_CHANGE_ERRORS, 'CARD_ALREADY_BLOCKED', 'PERMANENTLY_BLOCKED'],
  },
  blockAccount: { body: s.accountBlockBody, response: done, errors: ['CARD_NOT_FOUND', 'ALREADY_CANCELLED'] },
  deactivateCard: { body: s.last4Body, response: done, errors: [...CARD_CHANGE_ERRORS, 'PERMANENTLY_BLOCKED'] },
  activateCard: {
    body: s.activationBody,
    response: done,
    errors: [...CARD_CHANGE_ERRORS, 'CARD_NOT_BLOCKED', 'PERMANENTLY_BLOCKED'],
  },
  consultCard: {
    headers: z.object({ last4digits: s.headerValues.last4digits, product: s.headerValues.product.optional() }),
    response: s.cardConsult,
    errors: ['CARD_NOT_FOUND'],
  },
  authorizationHistory: { headers: last4Headers, response: s.authorizationHistoryResponse, errors: ['CARD_NOT_FOUND'] },
  readLimit: { headers: last4Headers, response: s.limitResponse, errors: ['CARD_NOT_FOUND'] },
  changeLimit: {
    body: s.limitChangeBody,
    response: s.limitResponse,
    errors: [...CARD_CHANGE_ERRORS, 'PERMANENTLY_BLOCKED', 'LIMIT_NOT_POSITIVE', 'LIMIT_ABOVE_RELATIONSHIP'],
  },
  embossData: { headers: last4Headers, response: s.embossData, errors: ['CARD_NOT_FOUND'] },
  secondCopy: { body: s.secondCopyBody, response: done, errors: [...CARD_CHANGE_ERRORS, 'ACCOUNT_CANCELLED'] },
  passwordReset: { body: s.passwordResetBody, response: done, errors: [...CARD_CHANGE_ERRORS, 'PERMANENTLY_BLOCKED'] },
  holderUpdate: { body: s.holderUpdateBody, response: done, errors: CARD_CHANGE_ERRORS },
  addressUpdate: { body: s.addressUpdateBody, response: done, errors: CARD_CHANGE_ERRORS },
  invoiceDueDates: { headers: last4Headers, response: s.invoiceDueDatesResponse, errors: ['CARD_NOT_FOUND'] },
  invoiceTransactions: {
    headers: last4Headers.extend({ duedate: s.headerValues.dueDate }),
    response: s.invoiceTransactionsResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  corporateInvoice: {
    headers: z.object({ cnpj: s.headerValues.cnpj, duedate: s.headerValues.dueDate }),
    response: s.corporateInvoice,
    errors: ['COMPANY_NOT_FOUND', 'INVOICE_NOT_FOUND'],
  },
  occurrence: { body: s.occurrenceBody, response: done, errors: CARD_CHANGE_ERRORS },
  proposal: {
    body: s.proposalBody,
    status: 201,
    response: s.proposalResponse,
    errors: ['RELATIONSHIP_NOT_FOUND', 'DUPLICATE_PROPOSAL', '38', '6'],
  },
  cepLookup: { response: s.cepResponse, errors: ['CEP_NOT_FOUND', 'CEP_UNAVAILABLE'] },
  ...impactSpecs,
  ...radarSpecs,
  ...exportSpecs,
  ...bulkSpecs,
  ...auditSpecs,
  ...profileSpecs,
  ...secondFactorSpecs(s.sessionResponse),
} as const satisfies Record<EndpointName, EndpointSpec>;

type Specs = typeof specs;

function defineEndpoint<N extends EndpointName>(name: N, spec: Specs[N]): Contract<N> & Specs[N] {
  const route: EndpointRoute = endpointRoutes[name];
  const own = spec as EndpointSpec;
  return {
    ...route,
    ...spec,
    name,
    params: own.params ?? pathParamsOf(route.path),
    headerNames: own.headers ? Object.keys(own.headers.shape) : [],
    queryNames: own.query ? Object.keys(own.query.shape) : [],
  } as unknown as Contract<N> & Specs[N];
}

export const contract = Object.fromEntries(
  (Object.keys(specs) as EndpointName[]).map((name) => [name, defineEndpoint(name, specs[name] as never)]),
) as { readonly [N in EndpointName]: Contract<N> & Specs[N] };

// The types every tier reads from the table.
type Field<N extends EndpointName, K extends string> = K extends keyof Specs[N] ? Specs[N][K] : undefined;
type InputOf<T> = T extends z.ZodType ? z.input<T> : never;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;
type OptionalIfEmpty<K extends string, T> = [T] extends [never]
  ? unknown
  : Partial<T> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a caller sends: path parameters, headers, query and body, each only where the endpoint has one. */
export type RequestOf<N extends EndpointName> = OptionalIfEmpty<
  'params',
  keyof PathParams<N> extends never ? never : PathParams<N>
> &
  OptionalIfEmpty<'headers', InputOf<Field<N, 'headers'>>> &
  OptionalIfEmpty<'query', InputOf<Field<N, 'query'>>> &
  OptionalIfEmpty<'body', InputOf<Field<N, 'body'>>>;

/** What the provider answers on success. */
export type ResponseOf<N extends EndpointName> = OutputOf<Field<N, 'response'>>;
/** What the browser receives on success (the provider's answer, unless the BFF reshapes it). */
export type BrowserResponseOf<N extends EndpointName> =
  Field<N, 'browserResponse'> extends z.ZodType ? z.output<Field<N, 'browserResponse'>> : ResponseOf<N>;
/** What the provider's handler receives, parsed. */
export type ParsedOf<N extends EndpointName, K extends 'headers' | 'query' | 'body'> = OutputOf<Field<N, K>>;

export type { EndpointName };
