// Virtual cards (issue 30, decision 132): list, issue, cancel, and the audited reveal behind a recent proof of
// identity. An unknown or closed virtual card is refused before the step-up (issue 25's order), so no proof is
// asked for a call that cannot go through.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { originOf } from '../services/security-events.ts';
import { revealVirtualCard } from '../services/virtual-cards/reveal.ts';
import {
  cancelVirtualCard,
  issueVirtualCard,
  listVirtualCards,
  refuseClosedVirtual,
} from '../services/virtual-cards/virtual-cards.ts';

export async function virtualCardRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const now = (request: FastifyRequest) => ({ at: ctx.clock(), address: request.ip });

  handle(app, 'virtualCards', async ({ scope }) => listVirtualCards(ctx.db, scope, ctx.clock()));

  handle(app, 'issueVirtualCard', async ({ body, scope, request }) =>
    issueVirtualCard(ctx.db, scope, now(request), ctx.masterKey, body),
  );

  handle(
    app,
    'cancelVirtualCard',
    async ({ body, scope, request }) => cancelVirtualCard(ctx.db, scope, now(request), body.virtualCardId),
    { refuse: ({ body, scope }) => refuseClosedVirtual(ctx.db, scope, body.virtualCardId, ctx.clock()) },
  );

  handle(
    app,
    'revealVirtualCard',
    async ({ body, scope, request }) =>
      revealVirtualCard(ctx.db, scope, ctx.masterKey, body.virtualCardId, ctx.clock(), originOf(request)),
    { refuse: ({ body, scope }) => refuseClosedVirtual(ctx.db, scope, body.virtualCardId, ctx.clock()) },
  );
}
