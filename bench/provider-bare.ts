// The bare baseline of bench/provider.ts: a Fastify server that does only what four authenticated reads need, and
// nothing the provider's plumbing adds. Per call it verifies the bearer token (HS256 with node:crypto's HMAC, the
// signature then expiry, issuer and audience), reads the session and the user (touchSession's statement, and its
// renewal every 30 s), runs the statements the real route runs, in the same order and through the same driver (the
// PGlite instance or the pg Pool the platform opened, rows as arrays as drizzle asks for them), and answers
// JSON.stringify of the same answer. No zod, no drizzle, no AsyncLocalStorage, no response schema, no logging, no
// security headers, no request id.
//
// The statement texts below are the provider's own; bench/provider.ts runs both apps in-process before timing and
// stops unless they send the very same statements with the same parameters and answer the same JSON.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BLOCK_REASONS, PAGE_SIZE } from '../src/contracts/constants.ts';
import { can, type Profile } from '../src/contracts/profiles.ts';
import type { DatabaseHandle } from '../src/platform/database.ts';

const q = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The statements, as drizzle 0.45 writes them for the provider's services. */
export const SQL = {
  session: q(`select "user_sessions"."last_used_at", "user_sessions"."revoked_at", "user_sessions"."created_at",
    "user_sessions"."checked_at", "user_sessions"."factor_pending", "portal_users"."id", "portal_users"."login",
    "portal_users"."name", "portal_users"."status", "portal_users"."must_change_password" from "user_sessions"
    inner join "portal_users" on "portal_users"."id" = "user_sessions"."user_id" where "user_sessions"."id" = $1`),
  renew: q(`update "user_sessions" set "last_used_at" = $1 where ("user_sessions"."id" = $2 and
    "user_sessions"."revoked_at" is null)`),
  companies: q(`select "companies"."corporate_name", "companies"."cnpj", "companies"."relation_code" from
    "user_companies" inner join "companies" on "companies"."id" = "user_companies"."company_id" where
    "user_companies"."user_id" = $1 order by "companies"."corporate_name" asc`),
  companyOfUser: q(`select "companies"."id", "companies"."total_sub_accounts", "user_companies"."profile" from
    "companies" inner join "user_companies" on ("user_companies"."company_id" = "companies"."id" and
    "user_companies"."user_id" = $1) where ("companies"."cnpj" = $2 and "companies"."relation_code" = $3)`),
  firstPage: q(`select "accounts"."account_number", "accounts"."id", "accounts"."holder_name",
    "accounts"."document_number", "cards"."last4", "cards"."last4_2way", "cards"."status", "cards"."block_code",
    "accounts"."account_blocking_code_two", "accounts"."account_warning_code", "cards"."logo" from "accounts"
    inner join "cards" on ("cards"."account_id" = "accounts"."id" and "cards"."card_type" = $1) where
    "accounts"."company_id" = $2 order by "accounts"."account_number" asc limit $3`),
  cardOfUser: q(`select "accounts"."id", "accounts"."account_number", "accounts"."company_id",
    "accounts"."main_account", "accounts"."holder_name", "accounts"."mother_name", "accounts"."email",
    "accounts"."phone_ddd", "accounts"."phone_number", "accounts"."cell_ddd", "accounts"."cell_phone",
    "accounts"."zip_code", "accounts"."address", "accounts"."address_number", "accounts"."address_complement",
    "accounts"."district", "accounts"."city", "accounts"."state", "accounts"."gender", "accounts"."birth_date",
    "accounts"."document_number", "accounts"."credit_limit", "accounts"."status_description",
    "accounts"."flag_type_billing", "accounts"."account_blocking_code_two", "accounts"."account_warning_code",
    "accounts"."created_at", "accounts"."updated_at", "cards"."id", "cards"."account_id", "cards"."last4",
    "cards"."last4_2way", "cards"."logo", "cards"."org", "cards"."card_type", "cards"."status", "cards"."block_code",
    "cards"."active_flag", "cards"."emboss_name", "cards"."visual_deficiency", "cards"."password_blocked",
    "cards"."expires_on", "cards"."created_at", "cards"."updated_at", "user_companies"."profile" from "accounts"
    inner join "cards" on "cards"."account_id" = "accounts"."id" inner join "user_companies" on
    ("user_companies"."company_id" = "accounts"."company_id" and "user_companies"."user_id" = $1) where
    ("accounts"."id" = $2 and ("cards"."last4" = $3 or "cards"."last4_2way" = $4)) order by "cards"."created_at"
    asc, "cards"."id" asc limit $5`),
  /** The card as the provider's cardAccountOfUser finds it, its authorizations left-joined: one statement. */
  history: q(`select "card"."profile", "authorizations"."id", "authorizations"."account_id",
    "authorizations"."tms_incl", "authorizations"."num_authorization", "authorizations"."establishment_name",
    "authorizations"."qtd_parcel", "authorizations"."coin_code", "authorizations"."main_value",
    "authorizations"."desc_response_transaction", "authorizations"."desc_drop", "authorizations"."transaction_type",
    "authorizations"."value_brl", "authorizations"."captured_offline", "authorizations"."password_validated",
    "authorizations"."settled_at" from (select "accounts"."id", "accounts"."company_id", "user_companies"."profile"
    from "accounts" inner join "cards" on "cards"."account_id" = "accounts"."id" inner join "user_companies" on
    ("user_companies"."company_id" = "accounts"."company_id" and "user_companies"."user_id" = $1) where
    ("accounts"."id" = $2 and ("cards"."last4" = $3 or "cards"."last4_2way" = $4)) limit $5) "card" left join
    "authorizations" on "authorizations"."account_id" = "card"."id" order by "authorizations"."tms_incl" desc,
    "authorizations"."id" desc`),
} as const;

/** Column positions of the wide card row, read off the select list once. */
const columnsOf = (sql: string) =>
  (sql.slice('select '.length, sql.indexOf(' from ')).split(', ') as string[]).map((c) => c.replaceAll('"', ''));
const CARD_COLUMNS = columnsOf(SQL.cardOfUser);
const col = (name: string) => {
  const i = CARD_COLUMNS.indexOf(name);
  if (i < 0) throw new Error(`no column ${name} in the card statement`);
  return i;
};
const C = {
  profile: col('user_companies.profile'),
  statusDescription: col('accounts.status_description'),
  status: col('cards.status'),
  blockCode: col('cards.block_code'),
  activeFlag: col('cards.active_flag'),
  passwordBlocked: col('cards.password_blocked'),
};

type Row = unknown[];
export type RunQuery = (sql: string, params: unknown[]) => Promise<Row[]>;

/** The platform's own client, asked for array rows as drizzle asks (its type parsers aside). */
export function rawQuery(handle: DatabaseHandle): RunQuery {
  if (handle.kind === 'pglite') {
    const client = handle.client;
    return async (sql, params) => (await client.query<Row>(sql, params, { rowMode: 'array' })).rows;
  }
  const pool = handle.client;
  return async (sql, params) => (await pool.query<Row>({ text: sql, values: params, rowMode: 'array' })).rows;
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDLE_MS = 15 * 60 * 1000;
const RENEWAL_MS = 30 * 1000;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}
const refuse = (status: number, code: string): never => {
  throw new Refusal(status, code);
};
const toDate = (v: unknown) => (v instanceof Date ? v : new Date(v as string));

export interface BareOptions {
  handle: DatabaseHandle;
  /** The provider's stored JWT key (server_secrets 'jwt-signing-key'), opened once at start. */
  jwtKey: Uint8Array;
  clock?: () => Date;
}

export async function buildBare({ handle, jwtKey, clock = () => new Date() }: BareOptions): Promise<FastifyInstance> {
  const run = rawQuery(handle);
  const key = Buffer.from(jwtKey);

  /** The token's user, with a live session: the provider's authHook and touchSession, inline. */
  async function userOf(request: FastifyRequest): Promise<string> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return refuse(401, 'UNAUTHENTICATED');
    const now = clock();
    // The least an HS256 check can do: the signature, then the expiry, issuer and audience of the payload.
    const [header = '', body = '', signature = ''] = token.split('.');
    const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse(401, 'UNAUTHENTICATED');
    let claims: { sub?: unknown; sid?: unknown; exp?: unknown; iss?: unknown; aud?: unknown };
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return refuse(401, 'UNAUTHENTICATED');
    }
    const { sub, sid, exp, iss, aud } = claims;
    if (typeof exp !== 'number' || exp * 1000 <= now.getTime() || iss !== 'fidis-provider' || aud !== 'fidis-portal') {
      return refuse(401, 'UNAUTHENTICATED');
    }
    if (typeof sub !== 'string' || typeof sid !== 'string' || !UUID.test(sid)) return refuse(401, 'UNAUTHENTICATED');
    const [row] = await run(SQL.session, [sid]);
    // last_used_at, revoked_at, created_at, checked_at, factor_pending, id, login, name, status, must_change_password
    if (!row || row[5] !== sub || row[1] || row[8] !== 'ATIVO') return refuse(401, 'UNAUTHENTICATED');
    const idle = now.getTime() - toDate(row[0]).getTime();
    if (idle > IDLE_MS) return refuse(401, 'UNAUTHENTICATED');
    if (idle > RENEWAL_MS) await run(SQL.renew, [now.toISOString(), sid]);
    if (row[9] || row[4]) return refuse(403, 'FORBIDDEN');
    return sub;
  }

  /** The operator's profile, read with the company or card by the same statement (the link joined). */
  function requireRead(profile: unknown) {
    if (!can(profile as Profile, 'cards.read')) refuse(403, 'PROFILE_FORBIDDEN');
  }

  /** The card the path and last4digits name, as cardOfUser finds it (with its permission check): the consult. */
  async function cardOf(request: FastifyRequest, userId: string): Promise<Row> {
    const { uuid } = request.params as { uuid: string };
    const last4 = request.headers.last4digits as string;
    const [row] = await run(SQL.cardOfUser, [userId, uuid, last4, last4, 1]);
    if (!row) return refuse(404, 'CARD_NOT_FOUND');
    requireRead(row[C.profile]);
    return row;
  }

  const app = Fastify({ logger: false });
  const reply = (work: (request: FastifyRequest, userId: string) => Promise<unknown>) => {
    return async (request: FastifyRequest, res: FastifyReply) => {
      try {
        const body = JSON.stringify(await work(request, await userOf(request)));
        return res.header('content-type', 'application/json; charset=utf-8').send(body);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        return res.code(err.status).send({ code: err.code });
      }
    };
  };

  app.get(
    '/v1/corporate/companies',
    reply(async (_request, userId) => ({
      companies: (await run(SQL.companies, [userId])).map((r) => ({
        corporateName: r[0],
        cnpj: r[1],
        relationCode: r[2],
      })),
    })),
  );

  // The first page only (no startaccount): the call the bench makes.
  app.get(
    '/v1/corporate/accounts',
    reply(async (request, userId) => {
      const { cnpj, relationcode } = request.headers;
      const [company] = await run(SQL.companyOfUser, [userId, cnpj, relationcode]);
      if (!company) return refuse(404, 'COMPANY_NOT_FOUND');
      requireRead(company[2]);
      const rows = await run(SQL.firstPage, ['TITULAR', company[0], PAGE_SIZE]);
      const total = company[1];
      return {
        subAccounts: rows.map((r) => ({
          account: String(r[0]),
          uuid: r[1],
          cardHolder: r[2],
          documentNumber: r[3],
          last4Digits: r[4],
          last4Digits2Way: r[5],
          cardStatus: r[6] === 'Actived' ? 'active' : 'inactive',
          cardBlockingCode: r[7],
          accountBlockingCodeTwo: r[8],
          accountWarningCode: r[9],
          logo: r[10],
        })),
        totalSubAccounts: total,
        meta: { totalRecords: total },
      };
    }),
  );

  app.get(
    '/v2/card/consult/:uuid',
    reply(async (request, userId) => {
      const r = await cardOf(request, userId);
      const blockCode = r[C.blockCode] as string | null;
      const permanent =
        r[C.statusDescription] === 'CANCELADA'
          ? (blockCode ?? 'O')
          : r[C.status] !== 'Blocked' || !blockCode || (BLOCK_REASONS as readonly string[]).includes(blockCode)
            ? null
            : blockCode;
      return {
        activeFlag: r[C.activeFlag] === 'N' ? 'N' : 'S',
        blockCode: permanent,
        status: r[C.status] === 'Actived' ? 'Actived' : 'Blocked',
        passwordBlocked: r[C.passwordBlocked],
      };
    }),
  );

  app.get(
    '/v2/authorization/history/consult/:uuid',
    reply(async (request, userId) => {
      const { uuid } = request.params as { uuid: string };
      const last4 = request.headers.last4digits as string;
      const rows = await run(SQL.history, [userId, uuid, last4, last4, 1]);
      const [card] = rows;
      if (!card) return refuse(404, 'CARD_NOT_FOUND');
      requireRead(card[0]);
      return {
        // One row of nulls past the profile: a card without history.
        authorizations: rows
          .filter((r) => r[1] !== null)
          .map((r) => ({
            tmsInclH: toDate(r[3]).toISOString(),
            numAuthorization: r[4],
            establishmentName: r[5],
            qtdParcel: r[6],
            coinCode: r[7],
            mainValue: Number(r[8]),
            descResponseTransaction: r[9],
            descDrop: r[10],
            transactionType: r[11],
            capturedOffline: r[13],
            passwordValidated: r[14],
          })),
      };
    }),
  );

  return app;
}
