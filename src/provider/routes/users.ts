// Portal user administration (spec section 7, portal user endpoints). The chosen company travels in the `cnpj` header
// of the create and list calls (decision 024); the user a change names must belong only to companies the operator
// administers (the user scope, http/scope/user.ts). Every refusal carries its pt-BR reason both as `message` and as
// the `mensagemRetorno` the portal shows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { originOf } from '../services/security-events.ts';
import { createUser, refuseCreate } from '../services/users/create.ts';
import { listUsers } from '../services/users/list.ts';
import { deleteUser, refuseDelete, refuseStatus, setUserStatus } from '../services/users/status.ts';
import { refuseUpdate, updateUser } from '../services/users/update.ts';

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
    async ({ body, scope, request }) => {
      const usuario = await createUser(ctx, scope, body, ctx.clock(), originOf(request));
      return { mensagemRetorno: messages.users.created, usuario };
    },
    { ...userRoute, refuse: ({ body }) => refuseCreate(ctx.db, body) },
  );

  handle(
    app,
    'listUsers',
    async ({ query, scope }) => ({ usuarios: await listUsers(ctx.db, scope, query) }),
    userRoute,
  );

  handle(
    app,
    'updateUser',
    async ({ body, scope, request }) => {
      const usuario = await updateUser(ctx, scope, body, ctx.clock(), { address: request.ip, log: request.log });
      return { mensagemRetorno: messages.users.updated, usuario };
    },
    { ...userRoute, refuse: ({ scope, body }) => refuseUpdate(scope, body) },
  );

  handle(
    app,
    'updateUserStatus',
    async ({ body, scope, request }) => {
      const usuario = await setUserStatus(ctx.db, scope, body.status, ctx.clock(), originOf(request));
      return { mensagemRetorno: messages.users.statusUpdated, usuario };
    },
    { ...userRoute, refuse: ({ scope, body }) => refuseStatus(scope, body.status) },
  );

  handle(
    app,
    'deleteUser',
    async ({ scope, request }) => {
      await deleteUser(ctx.db, scope, ctx.clock(), originOf(request));
      return { mensagemRetorno: messages.users.deleted };
    },
    { ...userRoute, refuse: ({ scope }) => refuseDelete(scope) },
  );
}
