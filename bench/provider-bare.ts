// The bare baseline of bench/provider.ts: a Fastify server that does only what four authenticated reads need, and
// nothing the provider's plumbing adds. Per call it verifies the bearer token (HS256 with node:crypto's HMAC, the
// signature then expiry, issuer and audience), reads the session and the user (touchSession's statement, and its
// renewal every 30 s), runs the statements the real route runs, in the same order and through the same driver (the
// PGlite instance or the pg Pool the platform opened, rows as arrays as drizzle asks for them), and answers
// JSON.stringify of the same answer. No zod, no drizzle, no AsyncLocalStorage, no response schema, no logging, no
// security headers, no request id.
//
// The statement texts (bench/provider-bare-sql.ts) are the provider's own; bench/provider.ts runs both apps in-process
// before timing and stops unless they send the very same statements with the same parameters and answer the same JSON.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BLOCK_REASONS, PAGE_SIZE } from '../src/contracts/constants.ts';
import { can, type Profile } from '../src/contracts/profiles.ts';
import type { DatabaseHandle } from '../src/platform/database.ts';
import { CONSULT as C, type Row, rawQuery, SQL } from './provider-bare-sql.ts';

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

  /** The card the path and last4digits name, found with the operator's link as the card scopes find it. */
  async function cardOf(request: FastifyRequest, userId: string, sql: string, profileAt: number): Promise<Row> {
    const { uuid } = request.params as { uuid: string };
    const last4 = request.headers.last4digits as string;
    const [row] = await run(sql, [userId, uuid, last4, last4, 1]);
    if (!row) return refuse(404, 'CARD_NOT_FOUND');
    requireRead(row[profileAt]);
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
      // id, cnpj, relation_code, corporate_name, total_sub_accounts, profile; two rows name no single company.
      const found = await run(SQL.companyOfUser, [userId, cnpj, relationcode, 2]);
      const [company] = found;
      if (!company || found.length > 1) return refuse(404, 'COMPANY_NOT_FOUND');
      requireRead(company[5]);
      const rows = await run(SQL.firstPage, ['TITULAR', company[0], PAGE_SIZE]);
      const total = company[4];
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
          accountStatusDescription: r[11],
          activeFlag: r[12],
        })),
        totalSubAccounts: total,
        meta: { totalRecords: total },
      };
    }),
  );

  app.get(
    '/v2/card/consult/:uuid',
    reply(async (request, userId) => {
      const r = await cardOf(request, userId, SQL.cardOfUser, C.profile);
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
      // account id, company id, card id, last4, profile
      const [accountId] = await cardOf(request, userId, SQL.cardIdsOfUser, 4);
      const rows = await run(SQL.history, [accountId]);
      return {
        authorizations: rows.map((r) => ({
          tmsInclH: toDate(r[0]).toISOString(),
          numAuthorization: r[1],
          establishmentName: r[2],
          qtdParcel: r[3],
          coinCode: r[4],
          mainValue: Number(r[5]),
          descResponseTransaction: r[6],
          descDrop: r[7],
          transactionType: r[8],
          capturedOffline: r[9],
          passwordValidated: r[10],
          ...(r[11] ? { declineCode: r[11] } : {}),
        })),
      };
    }),
  );

  return app;
}
