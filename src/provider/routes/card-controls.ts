// Card controls: block, unblock, deactivation, password unlock, second copy (with its emboss read and the
// occurrence), cancel (account block) and the limit. Each change answers 200 {message} or a refusal
// {message, code}; the rules live in services/card-controls.ts, the shapes in contracts/contract.ts.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import {
  type Actor,
  activateCard,
  blockCard,
  cancelAccount,
  deactivateCard,
  issueSecondCopy,
  readEmboss,
  registerOccurrence,
  resetPassword,
} from '../services/card-controls.ts';
import { changeLimit, readLimit } from '../services/limits.ts';
import type { Principal } from '../services/sessions.ts';

export async function cardControlRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const actorOf = (principal: Principal, request: { ip: string }): Actor => ({
    userId: principal.userId,
    at: ctx.clock(),
    address: request.ip,
  });
  const done = (message: string) => ({ message });

  handle(app, 'blockCard', async ({ params, body, principal, request }) =>
    done(await blockCard(ctx.db, actorOf(principal, request), params.uuid, body)),
  );

  handle(app, 'activateCard', async ({ params, body, principal, request }) =>
    done(await activateCard(ctx.db, actorOf(principal, request), params.uuid, body.last4digits)),
  );

  handle(app, 'deactivateCard', async ({ params, body, principal, request }) =>
    done(await deactivateCard(ctx.db, actorOf(principal, request), params.uuid, body.last4digits)),
  );

  handle(app, 'blockAccount', async ({ params, body, principal, request }) =>
    done(await cancelAccount(ctx.db, actorOf(principal, request), params.uuid, body.last4Digits)),
  );

  handle(app, 'passwordReset', async ({ params, body, principal, request }) =>
    done(await resetPassword(ctx.db, actorOf(principal, request), params.uuid, body)),
  );

  handle(app, 'embossData', async ({ params, headers, principal }) =>
    readEmboss(ctx.db, principal.userId, params.uuid, headers.last4digits),
  );

  handle(app, 'secondCopy', async ({ params, body, principal, request }) =>
    done(await issueSecondCopy(ctx.db, actorOf(principal, request), params.uuid, body)),
  );

  handle(app, 'occurrence', async ({ params, body, principal, request }) =>
    done(await registerOccurrence(ctx.db, actorOf(principal, request), params.uuid, body)),
  );

  handle(app, 'readLimit', async ({ params, headers, principal }) =>
    readLimit(ctx.db, principal.userId, params.uuid, headers.last4digits),
  );

  handle(app, 'changeLimit', async ({ params, body, principal, request }) =>
    changeLimit(ctx.db, actorOf(principal, request), params.uuid, body),
  );
}
