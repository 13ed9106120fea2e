// Portal user sign-in, sign-out, password recovery and first access (spec sections 4, 5, 7 and 8).
// Inputs and answers are the contract's (contracts/contract.ts). Each is a security event (decision 075), recorded
// with the client's address: request.ip, which trusts the BFF's X-Forwarded-For only as far as PROVIDER_TRUST_PROXY
// says.
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import type { ProviderContext } from '../context.ts';
import { AppError, appError, fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { sessionCompanies } from '../services/companies.ts';
import { setFirstPassword } from '../services/first-access.ts';
import { confirmCode, requestCode, resetPassword } from '../services/recovery.ts';
import { originOf, recordSecurityEvent } from '../services/security-events.ts';
import { openSession, revokeSession } from '../services/sessions.ts';
import { signIn } from '../services/sign-in.ts';

export async function authRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const rateLimit = ctx.publicRateLimit || undefined;

  handle(
    app,
    'login',
    async ({ body, request }) => {
      const now = ctx.clock();
      const user = await signIn(
        { db: ctx.db, mailer: ctx.mailer, log: request.log, address: request.ip },
        body.login,
        body.senha,
        now,
      );
      const sessionId = await openSession(ctx.db, user.id, now);
      const token = await ctx.tokens.sign({ userId: user.id, sessionId });
      const companies = await sessionCompanies(ctx.db, user.id);
      return { usuario: user.name, token, primeiroAcesso: user.mustChangePassword, companies };
    },
    { rateLimit },
  );

  // A reload keeps no copy of the operator in the browser (decision 041): it reads name and companies again here.
  handle(app, 'session', async ({ principal }) => ({
    usuario: principal.name,
    companies: await sessionCompanies(ctx.db, principal.userId),
  }));

  // Signing out only gives up access, so a user still on a temporary password may do it too.
  handle(
    app,
    'logout',
    async ({ principal, request }) => {
      const now = ctx.clock();
      await revokeSession(ctx.db, principal.sessionId, now);
      await recordSecurityEvent(ctx.db, request.log, {
        type: 'logout',
        actorUserId: principal.userId,
        target: principal.login,
        at: now,
        address: request.ip,
      });
      return undefined;
    },
    { allowTemporaryPassword: true },
  );

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

  handle(
    app,
    'firstAccess',
    async ({ body, principal, request }) => {
      if (body.login.toLowerCase() !== principal.login) fail('FORBIDDEN', messages.firstAccess.wrongUser);
      if (body.novaSenha !== body.confirmarNovaSenha) fail('PASSWORDS_DIFFER');
      await setFirstPassword(ctx.db, principal.userId, body.novaSenha, ctx.clock(), originOf(request));
      return { message: messages.firstAccess.success };
    },
    { allowTemporaryPassword: true },
  );
}
