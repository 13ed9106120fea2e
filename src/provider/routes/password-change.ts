// PUT /v0/portal/usuario/senha: the signed-in operator's own password change (decision 074). Not in the spec.
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages.ts';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { changePassword } from '../services/password-change.ts';

export async function passwordChangeRoutes(app: FastifyInstance, ctx: ProviderContext) {
  // Not allowTemporaryPassword: the auth hook sends a temporary-password user to first access with a 403.
  handle(app, 'changePassword', async ({ body, scope: { principal }, request }) => {
    if (body.novaSenha !== body.confirmarNovaSenha) fail('PASSWORDS_DIFFER');
    // Refused before any try is spent: it says nothing about whether the current password is right.
    if (body.novaSenha.normalize('NFKC') === body.senhaAtual.normalize('NFKC')) fail('SAME_PASSWORD');
    await changePassword(
      { db: ctx.db, mailer: ctx.mailer, log: request.log },
      {
        userId: principal.userId,
        sessionId: principal.sessionId,
        currentPassword: body.senhaAtual,
        newPassword: body.novaSenha,
        address: request.ip,
      },
      ctx.clock(),
    );
    return { message: messages.passwordChange.success };
  });
}
