// Portal user administration (spec section 7, portal user endpoints). The chosen company travels in the
// `cnpj` header of the create and list calls (decision 024); every refusal carries its pt-BR reason
// both as `message` and as the `mensagemRetorno` the portal shows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { originOf } from '../services/security-events.ts';
import { chosenCompanyId, createUser, deleteUser, listUsers, setUserStatus, updateUser } from '../services/users.ts';

/**
 * The path's document: 11 digits, or the user cannot exist (404, as for another company's user). Checked before
 * handle() parses the rest, so a malformed document answers 404 whatever the body holds.
 */
function checkDocument(params: unknown) {
  const { documentNumber, numeroDocumento } = params as Record<string, string | undefined>;
  const document = documentNumber ?? numeroDocumento;
  if (document !== undefined && !/^\d{11}$/.test(document)) fail('USER_NOT_FOUND');
}

/** Every user route: refusals carry `mensagemRetorno` (spec section 8), and the path's document is judged first. */
const userRoute = { mensagemRetorno: true, checkFirst: (request: FastifyRequest) => checkDocument(request.params) };

export async function userRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(
    app,
    'createUser',
    async ({ headers, body, principal, request }) => {
      const companyId = await chosenCompanyId(ctx.db, principal, headers.cnpj);
      const usuario = await createUser(ctx, principal, companyId, body, ctx.clock(), originOf(request));
      return { mensagemRetorno: messages.users.created, usuario };
    },
    userRoute,
  );

  handle(
    app,
    'listUsers',
    async ({ headers, query, principal }) => {
      const companyId = headers.cnpj ? await chosenCompanyId(ctx.db, principal, headers.cnpj) : undefined;
      return { usuarios: await listUsers(ctx.db, principal, { ...query, companyId }) };
    },
    userRoute,
  );

  handle(
    app,
    'updateUser',
    async ({ params, body, principal, request }) => {
      const usuario = await updateUser(ctx, principal, params.documentNumber, body, ctx.clock(), {
        address: request.ip,
        log: request.log,
      });
      return { mensagemRetorno: messages.users.updated, usuario };
    },
    userRoute,
  );

  handle(
    app,
    'updateUserStatus',
    async ({ params, body, principal, request }) => {
      const usuario = await setUserStatus(
        ctx.db,
        principal,
        params.documentNumber,
        body.status,
        ctx.clock(),
        originOf(request),
      );
      return { mensagemRetorno: messages.users.statusUpdated, usuario };
    },
    userRoute,
  );

  handle(
    app,
    'deleteUser',
    async ({ params, principal, request }) => {
      await deleteUser(ctx.db, principal, params.numeroDocumento, ctx.clock(), originOf(request));
      return { mensagemRetorno: messages.users.deleted };
    },
    userRoute,
  );
}
