// Card controls: block, unblock, deactivation, password unlock, second copy (with its emboss read and the
// occurrence), cancel (account block) and the limit. Each change answers 200 {message} or a refusal
// {message, code}; the rules live in services/card-controls.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmbossData, LimitResponse, MessageResponse } from '../../contracts/schemas.ts';
import {
  accountBlockBody,
  activationBody,
  cardBlockBody,
  headerValues,
  last4Body,
  limitChangeBody,
  occurrenceBody,
  passwordResetBody,
  secondCopyBody,
} from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import {
  type Actor,
  activateCard,
  blockCard,
  cancelAccount,
  changeLimit,
  deactivateCard,
  issueSecondCopy,
  readEmboss,
  readLimit,
  registerOccurrence,
  resetPassword,
} from '../services/card-controls.ts';
import { accountIdOf } from './cards.ts';

const last4Headers = z.object({ last4digits: headerValues.last4digits });

export async function cardControlRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const actorOf = (request: FastifyRequest): Actor => ({ userId: principalOf(request).userId, at: ctx.clock() });
  const done = (message: string): MessageResponse => ({ message });

  app.route(
    routeOf('blockCard', async (request) => {
      const accountId = accountIdOf(request);
      const body = parseWith(cardBlockBody, request.body);
      return done(await blockCard(ctx.db, actorOf(request), accountId, body));
    }),
  );

  app.route(
    routeOf('activateCard', async (request) => {
      const accountId = accountIdOf(request);
      const body = parseWith(activationBody, request.body);
      return done(await activateCard(ctx.db, actorOf(request), accountId, body.last4digits));
    }),
  );

  app.route(
    routeOf('deactivateCard', async (request) => {
      const accountId = accountIdOf(request);
      const body = parseWith(last4Body, request.body);
      return done(await deactivateCard(ctx.db, actorOf(request), accountId, body.last4digits));
    }),
  );

  app.route(
    routeOf('blockAccount', async (request) => {
      const accountId = accountIdOf(request);
      const body = parseWith(accountBlockBody, request.body);
      return done(await cancelAccount(ctx.db, actorOf(request), accountId, body.last4Digits));
    }),
  );

  app.route(
    routeOf('passwordReset', async (request) => {
      const accountId = accountIdOf(request);
      const body = parseWith(passwordResetBody, request.body);
      return done(await resetPassword(ctx.db, actorOf(request), accountId, body));
    }),
  );

  app.route(
    routeOf('embossData', async (request): Promise<EmbossData> => {
      const accountId = accountIdOf(request);
      const headers = parseWith(last4Headers, request.headers);
      return readEmboss(ctx.db, principalOf(request).userId, accountId, headers.last4digits);
    }),
  );

  app.route(
    routeOf('secondCopy', async (request) => {
      const accountId = accountIdOf(request);
      const body = parseWith(secondCopyBody, request.body);
      return done(await issueSecondCopy(ctx.db, actorOf(request), accountId, body));
    }),
  );

  app.route(
    routeOf('occurrence', async (request) => {
      const accountId = accountIdOf(request);
      const body = parseWith(occurrenceBody, request.body);
      return done(await registerOccurrence(ctx.db, actorOf(request), accountId, body));
    }),
  );

  app.route(
    routeOf('readLimit', async (request): Promise<LimitResponse> => {
      const accountId = accountIdOf(request);
      const headers = parseWith(last4Headers, request.headers);
      return readLimit(ctx.db, principalOf(request).userId, accountId, headers.last4digits);
    }),
  );

  app.route(
    routeOf('changeLimit', async (request): Promise<LimitResponse> => {
      const accountId = accountIdOf(request);
      const body = parseWith(limitChangeBody, request.body);
      return changeLimit(ctx.db, actorOf(request), accountId, body);
    }),
  );
}
