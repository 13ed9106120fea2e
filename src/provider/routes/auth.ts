// Portal user sign-in, sign-out, password recovery and first access (spec sections 4, 5, 7 and 8).
// Inputs and answers are the contract's (contracts/contract.ts). Each is a security event (decision 075), recorded
// with the client's address: request.ip, which trusts the BFF's X-Forwarded-For only as far as PROVIDER_TRUST_PROXY
// says. A right password opens a session that waits for the second factor when one is enrolled or required
// (decision 091): such a session answers no companies until the code (routes/second-factor.ts).
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import { DEVICE_HEADER } from '../../contracts/second-factor.ts';
import type { ProviderContext } from '../context.ts';
import { AppError, appError, fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { sessionCompanies } from '../services/companies.ts';
import { deviceIdOf, rememberDevice } from '../services/devices.ts';
import { setFirstPassword } from '../services/first-access.ts';
import { confirmCode, requestCode, resetPassword } from '../services/recovery.ts';
import { confirmedFactor, factorStepOf } from '../services/second-factor.ts';
import { originOf, recordSecurityEvent } from '../services/security-events.ts';
import { markFactorPending, openSession, revokeSession } from '../services/sessions.ts';
import { signIn } from '../services/sign-in.ts';

export async function authRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const rateLimit = ctx.publicRateLimit || undefined;

  handle(
    app,
    'login',
    async ({ body, request }) => {
      const now = ctx.clock();
      const user = await signIn(
        {
          db: ctx.db,
          mailer: ctx.mailer,
          log: request.log,
          address: request.ip,
          factorStep: (u) => factorStepOf(ctx.db, ctx.secondFactorExempt, u),
        },
        body.login,
        body.senha,
        now,
      );
      const pending = user.segundoFator !== 'NENHUM';
      const sessionId = await openSession(ctx.db, user.id, now, pending);
      const token = await ctx.tokens.sign({ userId: user.id, sessionId });
      if (pending) {
        return {
          usuario: user.name,
          login: user.login,
          token,
          primeiroAcesso: false,
          companies: [],
          segundoFator: user.segundoFator,
        };
      }
      const device = deviceIdOf(request.headers[DEVICE_HEADER]);
      await rememberDevice({ ...ctx, log: request.log }, user, device, request.ip, now);
      const companies = await sessionCompanies(ctx.db, user.id);
      return {
        usuario: user.name,
        login: user.login,
        token,
        primeiroAcesso: user.mustChangePassword,
        companies,
        segundoFator: 'NENHUM' as const,
      };
    },
    { rateLimit },
  );

  // A reload keeps no copy of the operator in the browser (decision 041): it reads name and companies again here. A
  // session waiting for its second factor reads what it waits for, and no company.
  handle(app, 'session', async ({ scope: { principal } }) => {
    if (principal.factorPending) {
      const enrolled = (await confirmedFactor(ctx.db, principal.userId)) !== null;
      return {
        usuario: principal.name,
        login: principal.login,
        companies: [],
        segundoFator: enrolled ? ('VERIFICAR' as const) : ('CADASTRAR' as const),
      };
    }
    return {
      usuario: principal.name,
      login: principal.login,
      companies: await sessionCompanies(ctx.db, principal.userId),
      segundoFator: 'NENHUM' as const,
    };
  });

  // Signing out only gives up access, so a user still on a temporary password may do it too.
  handle(app, 'logout', async ({ scope: { principal }, request }) => {
    const now = ctx.clock();
    await revokeSession(ctx.db, principal.sessionId, now);
    // The trigger's notification reaches this instance too, but the browser's next call must not race it.
    ctx.sessions.forget(`s:${principal.sessionId}`);
    await recordSecurityEvent(ctx.db, request.log, {
      type: 'logout',
      actorUserId: principal.userId,
      target: principal.login,
      at: now,
      address: request.ip,
    });
    return undefined;
  });

  handle(
    app,
    'recoverPassword',
    async ({ body, request }) => {
      const deps = { db: ctx.db, mailer: ctx.mailer, codeKey: ctx.codeKey, ...originOf(request) };
      const now = ctx.clock();
      if (!('confirmacao' in body)) {
        await requestCode(deps, body.login, now);
        return { message: messages.recovery.codeSent };
      }
      if (!('novaSenha' in body)) {
        await confirmCode(deps, body.login, body.confirmacao, now);
        return { message: messages.recovery.codeConfirmed };
      }
      if (body.novaSenha !== body.confirmarNovaSenha) fail('PASSWORDS_DIFFER');
      try {
        await resetPassword(deps, { login: body.login, code: body.confirmacao, newPassword: body.novaSenha }, now);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw Object.assign(appError('PASSWORD_CHANGE_FAILED'), { cause: err });
      }
      return { message: messages.recovery.changeSuccess };
    },
    { rateLimit },
  );

  handle(app, 'firstAccess', async ({ body, scope: { principal }, request }) => {
    if (body.login.toLowerCase() !== principal.login) fail('FORBIDDEN', messages.firstAccess.wrongUser);
    if (body.novaSenha !== body.confirmarNovaSenha) fail('PASSWORDS_DIFFER');
    await setFirstPassword(ctx.db, principal.userId, body.novaSenha, ctx.clock(), originOf(request));
    // The session opened with the temporary password goes on, so a factor the user must have is asked of it now
    // (decision 091): the session waits for the enrolment, and its answer says CADASTRAR.
    if (
      (await factorStepOf(ctx.db, ctx.secondFactorExempt, { id: principal.userId, login: principal.login })) !==
      'NENHUM'
    ) {
      await markFactorPending(ctx.db, principal.sessionId);
    }
    return { message: messages.firstAccess.success };
  });
}
