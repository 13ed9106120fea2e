// Portal user sign-in, sign-out, password recovery and first access (spec sections 4, 5, 7 and 8).
// Bodies are checked with the schemas the endpoint catalogue names for these routes.
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import { firstAccessBody, type LoginResponse, loginBody, recoveryBody } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { AppError, forbidden } from '../errors.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { listCompanies } from '../services/companies.ts';
import { setFirstPassword } from '../services/first-access.ts';
import { confirmCode, requestCode, resetPassword } from '../services/recovery.ts';
import { openSession, revokeSession } from '../services/sessions.ts';
import { signIn } from '../services/sign-in.ts';

const passwordsDiffer = () => new AppError(400, 'PASSWORDS_DIFFER', messages.recovery.passwordsDiffer);

/** The recovery step is given by the fields present; each step is checked against its own schema. */
function recoveryStep(body: unknown): 1 | 2 | 3 {
  const fields = typeof body === 'object' && body !== null ? body : {};
  if ('novaSenha' in fields || 'confirmarNovaSenha' in fields) return 3;
  if ('confirmacao' in fields) return 2;
  return 1;
}

export async function authRoutes(app: FastifyInstance, ctx: ProviderContext) {
  const rateLimit = ctx.publicRateLimit || undefined;

  app.route(
    routeOf(
      'login',
      async (request): Promise<LoginResponse> => {
        const body = parseWith(loginBody, request.body);
        const now = ctx.clock();
        const user = await signIn(ctx.db, body.login, body.senha, now);
        const sessionId = await openSession(ctx.db, user.id, now);
        const token = await ctx.tokens.sign({ userId: user.id, sessionId });
        const companies = await listCompanies(ctx.db, user.id);
        return { usuario: user.name, token, primeiroAcesso: user.mustChangePassword, companies };
      },
      { rateLimit },
    ),
  );

  // Signing out only gives up access, so a user still on a temporary password may do it too.
  app.route(
    routeOf(
      'logout',
      async (request, reply) => {
        await revokeSession(ctx.db, principalOf(request).sessionId, ctx.clock());
        return reply.code(204).send();
      },
      { allowTemporaryPassword: true },
    ),
  );

  app.route(
    routeOf(
      'recoverPassword',
      async (request) => {
        const [step3, step2, step1] = recoveryBody.options;
        const deps = { db: ctx.db, mailer: ctx.mailer, codeKey: ctx.codeKey };
        const now = ctx.clock();
        switch (recoveryStep(request.body)) {
          case 1: {
            const body = parseWith(step1, request.body);
            await requestCode(deps, body.login, now);
            return { message: messages.recovery.codeSent };
          }
          case 2: {
            const body = parseWith(step2, request.body);
            await confirmCode(deps, body.login, body.confirmacao, now);
            return { message: messages.recovery.codeConfirmed };
          }
          case 3: {
            const body = parseWith(step3, request.body);
            if (body.novaSenha !== body.confirmarNovaSenha) throw passwordsDiffer();
            try {
              await resetPassword(
                deps,
                { login: body.login, code: body.confirmacao, newPassword: body.novaSenha },
                now,
              );
            } catch (err) {
              if (err instanceof AppError) throw err;
              throw Object.assign(new AppError(500, 'PASSWORD_CHANGE_FAILED', messages.recovery.changeFailure), {
                cause: err,
              });
            }
            return { message: messages.recovery.changeSuccess };
          }
        }
      },
      { rateLimit },
    ),
  );

  app.route(
    routeOf(
      'firstAccess',
      async (request) => {
        const principal = principalOf(request);
        const body = parseWith(firstAccessBody, request.body);
        if (body.login.toLowerCase() !== principal.login) throw forbidden(messages.firstAccess.wrongUser);
        if (body.novaSenha !== body.confirmarNovaSenha) throw passwordsDiffer();
        await setFirstPassword(ctx.db, principal.userId, body.novaSenha, ctx.clock());
        return { message: messages.firstAccess.success };
      },
      { allowTemporaryPassword: true },
    ),
  );
}
