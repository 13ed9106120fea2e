// Card controls: block, unblock, deactivation, password unlock, second copy (with its emboss read and the
// occurrence), cancel (account block) and the limit. Each change answers 200 {message} or a refusal
// {message, code}; the rules live in services/card-controls.ts, the shapes and policies in contracts/contract.ts.
// A permanent change's own refusals (already blocked for good, already cancelled) are judged before its step-up.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import {
  activateCard,
  blockCard,
  type ChangeAt,
  cancelAccount,
  deactivateCard,
  refuseBlock,
  refuseCancel,
  refuseDeactivation,
  resetPassword,
} from '../services/card-controls.ts';
import { issueSecondCopy, readEmboss, registerOccurrence } from '../services/card-reissue.ts';
import { changeLimit, readLimit } from '../services/limits.ts';

export async function cardControlRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const now = (request: FastifyRequest): ChangeAt => ({ at: ctx.clock(), address: request.ip });
  const done = (message: string) => ({ message });

  handle(
    app,
    'blockCard',
    async ({ body, scope, request }) => done(await blockCard(ctx.db, scope, now(request), body)),
    { refuse: ({ scope }) => refuseBlock(scope) },
  );

  handle(app, 'activateCard', async ({ scope, request }) => done(await activateCard(ctx.db, scope, now(request))));

  handle(app, 'deactivateCard', async ({ scope, request }) => done(await deactivateCard(ctx.db, scope, now(request))), {
    refuse: ({ scope }) => refuseDeactivation(scope),
  });

  handle(app, 'blockAccount', async ({ scope, request }) => done(await cancelAccount(ctx.db, scope, now(request))), {
    refuse: ({ scope }) => refuseCancel(scope),
  });

  handle(app, 'passwordReset', async ({ body, scope, request }) =>
    done(await resetPassword(ctx.db, scope, now(request), body)),
  );

  handle(app, 'embossData', async ({ scope }) => readEmboss(scope));

  handle(app, 'secondCopy', async ({ body, scope, request }) =>
    done(await issueSecondCopy(ctx.db, scope, now(request), body)),
  );

  handle(app, 'occurrence', async ({ body, scope, request }) =>
    done(await registerOccurrence(ctx.db, scope, now(request), body)),
  );

  handle(app, 'readLimit', async ({ scope }) => readLimit(ctx.db, scope));

  handle(app, 'changeLimit', async ({ body, scope, request }) => changeLimit(ctx.db, scope, now(request), body));
}
