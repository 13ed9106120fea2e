// Second factor and step-up (issue 16, decision 091): the operator's own TOTP factor (status, enrolment, code after
// the password, recovery codes, disabling), the confirmation a sensitive call asks for, an Administrador's reset of
// a user's factor, and the company's rule that every profile enrols one. Inputs and answers are the contract's
// (contracts/second-factor.ts). The step-up window of the harmful calls is judged by handle().
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import { DEVICE_HEADER } from '../../contracts/second-factor.ts';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { sessionCompanies } from '../services/companies.ts';
import { companySecurityOf, setCompanySecurity } from '../services/company-security.ts';
import { deviceIdOf, rememberDevice } from '../services/devices.ts';
import { refuseReset, resetUserFactor } from '../services/factor-reset.ts';
import {
  checkFactorCode,
  confirmEnrolment,
  disableFactor,
  type FactorDeps,
  factorStatus,
  factorUser,
  renewRecoveryCodes,
  SIGN_IN_CODE,
  startEnrolment,
} from '../services/second-factor.ts';
import { recordSecurityEvent } from '../services/security-events.ts';
import { markChecked } from '../services/sessions.ts';
import { stepUp } from '../services/step-up.ts';

const m = messages.secondFactor;

/** What the factor's services need, from the provider and the request at hand. */
export const factorDeps = (ctx: ProviderContext, request: FastifyRequest): FactorDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  masterKey: ctx.masterKey,
  codeKey: ctx.codeKey,
  secondFactorExempt: ctx.secondFactorExempt,
  log: request.log,
  address: request.ip,
});

export async function secondFactorRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'secondFactorStatus', async ({ scope: { principal }, request }) =>
    factorStatus(factorDeps(ctx, request), { id: principal.userId, login: principal.login }),
  );

  handle(app, 'secondFactorEnroll', async ({ scope: { principal }, request }) => {
    // A session waiting for the code of an enrolled factor cannot start another (it would be a way round it).
    const deps = factorDeps(ctx, request);
    return startEnrolment(deps, { id: principal.userId, login: principal.login }, ctx.clock());
  });

  handle(app, 'secondFactorConfirm', async ({ body, scope: { principal }, request }) => {
    const deps = factorDeps(ctx, request);
    const user = await factorUser(ctx.db, principal.userId);
    const now = ctx.clock();
    const codes = await confirmEnrolment(deps, user, principal.sessionId, body.codigo, now);
    // Enrolled at sign-in: the sign-in completes here.
    if (principal.factorPending) await completeSignIn(deps, user, request, now);
    return codes;
  });

  handle(app, 'secondFactorVerify', async ({ body, scope: { principal }, request }) => {
    const deps = factorDeps(ctx, request);
    const user = await factorUser(ctx.db, principal.userId);
    const now = ctx.clock();
    const method = await checkFactorCode(deps, user, body.codigo, SIGN_IN_CODE, now);
    if (!(await markChecked(ctx.db, principal.sessionId, now))) fail('UNAUTHENTICATED');
    if (principal.factorPending) {
      await completeSignIn(deps, user, request, now, method);
    } else {
      // A code in a session already full vouches for it again, like a step-up.
      await recordSecurityEvent(ctx.db, request.log, {
        type: 'step-up.success',
        actorUserId: user.id,
        target: user.login,
        at: now,
        address: request.ip,
        after: { metodo: method },
      });
    }
    return {
      usuario: principal.name,
      login: principal.login,
      companies: await sessionCompanies(ctx.db, principal.userId),
      segundoFator: 'NENHUM',
    };
  });

  handle(app, 'secondFactorDisable', async ({ scope: { principal }, request }) => {
    const user = await factorUser(ctx.db, principal.userId);
    await disableFactor(factorDeps(ctx, request), user, ctx.clock());
    return { message: m.disabled };
  });

  handle(app, 'secondFactorRecoveryCodes', async ({ scope: { principal }, request }) => {
    const user = await factorUser(ctx.db, principal.userId);
    return renewRecoveryCodes(factorDeps(ctx, request), user, ctx.clock());
  });

  handle(app, 'stepUp', async ({ body, scope: { principal }, request }) => {
    await stepUp(factorDeps(ctx, request), principal, body, ctx.clock());
    return undefined;
  });

  handle(
    app,
    'resetUserSecondFactor',
    async ({ scope, request }) => {
      await resetUserFactor(ctx, scope, ctx.clock(), { address: request.ip, log: request.log });
      return { message: m.reset };
    },
    { refuse: ({ scope }) => refuseReset(ctx.db, scope) },
  );

  handle(app, 'companySecurity', async ({ scope }) => companySecurityOf(ctx.db, scope));

  handle(app, 'updateCompanySecurity', async ({ body, scope, request }) =>
    setCompanySecurity(ctx.db, scope, body, ctx.clock(), { address: request.ip, log: request.log }),
  );

  /** The code (or the enrolment) that completes a sign-in: recorded as one, and its browser remembered. */
  async function completeSignIn(
    deps: FactorDeps,
    user: { id: string; login: string; name: string; email: string },
    request: FastifyRequest,
    now: Date,
    method: string = 'totp',
  ) {
    await recordSecurityEvent(deps.db, deps.log, {
      type: 'login.success',
      actorUserId: user.id,
      target: user.login,
      at: now,
      address: deps.address,
      after: { metodo: method },
    });
    await rememberDevice(deps, user, deviceIdOf(request.headers[DEVICE_HEADER]), request.ip, now);
  }
}
