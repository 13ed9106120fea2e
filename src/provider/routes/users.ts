// Portal user administration (spec section 7, portal user endpoints). The chosen company travels in the
// `cnpj` header of the create and list calls (docs/decisions.md); every refusal carries its pt-BR reason
// both as `message` and as the `mensagemRetorno` the portal shows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USER_LIST_LIMIT } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import { createUserBody, headerValues, updateUserBody, userStatusBody } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { chosenCompanyId, createUser, deleteUser, listUsers, setUserStatus, updateUser } from '../services/users.ts';

const createHeaders = z.object({ cnpj: headerValues.cnpj });
const listHeaders = z.object({ cnpj: headerValues.cnpj.optional() });

const listQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(USER_LIST_LIMIT).default(USER_LIST_LIMIT),
  direction: z.enum(['asc', 'desc']).default('asc'),
});

/** The path's document: 11 digits, or the user cannot exist (404, as for another company's user). */
function documentParam(request: FastifyRequest, name: 'documentNumber' | 'numeroDocumento'): string {
  const value = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{11}$/.test(value)) throw new AppError(404, 'USER_NOT_FOUND', messages.users.notFound);
  return value;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Refusals of these routes also carry `mensagemRetorno`, the field the portal reads (spec section 8). */
function withReason(handler: Handler): Handler {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      return reply.code(err.status).send({ message: err.message, code: err.code, mensagemRetorno: err.message });
    }
  };
}

export async function userRoutes(app: FastifyInstance, ctx: ProviderContext) {
  app.route(
    routeOf(
      'createUser',
      withReason(async (request, reply) => {
        const actor = principalOf(request);
        const { cnpj } = parseWith(createHeaders, request.headers);
        const body = parseWith(createUserBody, request.body);
        const companyId = await chosenCompanyId(ctx.db, actor, cnpj);
        const usuario = await createUser(ctx, actor, companyId, body, ctx.clock());
        return reply.code(201).send({ mensagemRetorno: messages.users.created, usuario });
      }),
    ),
  );

  app.route(
    routeOf(
      'listUsers',
      withReason(async (request) => {
        const actor = principalOf(request);
        const { cnpj } = parseWith(listHeaders, request.headers);
        const query = parseWith(listQuery, request.query);
        const companyId = cnpj ? await chosenCompanyId(ctx.db, actor, cnpj) : undefined;
        return { usuarios: await listUsers(ctx.db, actor, { ...query, companyId }) };
      }),
    ),
  );

  app.route(
    routeOf(
      'updateUser',
      withReason(async (request) => {
        const document = documentParam(request, 'documentNumber');
        const body = parseWith(updateUserBody, request.body);
        const usuario = await updateUser(ctx.db, principalOf(request), document, body, ctx.clock());
        return { mensagemRetorno: messages.users.updated, usuario };
      }),
    ),
  );

  app.route(
    routeOf(
      'updateUserStatus',
      withReason(async (request) => {
        const document = documentParam(request, 'documentNumber');
        const { status } = parseWith(userStatusBody, request.body);
        const usuario = await setUserStatus(ctx.db, principalOf(request), document, status, ctx.clock());
        return { mensagemRetorno: messages.users.statusUpdated, usuario };
      }),
    ),
  );

  app.route(
    routeOf(
      'deleteUser',
      withReason(async (request) => {
        const document = documentParam(request, 'numeroDocumento');
        await deleteUser(ctx.db, principalOf(request), document, ctx.clock());
        return { mensagemRetorno: messages.users.deleted };
      }),
    ),
  );
}
