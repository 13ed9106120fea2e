// Consulta's audited "mostrar" of a CPF (issue 16, decision 090): the holder's full CPF, audited as cpf.reveal.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { handle } from '../http/handle.ts';
import { revealPersonalData } from '../services/personal-data-reveal.ts';
import { originOf } from '../services/security-events.ts';

export async function revealCpfRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'revealCpf', ({ scope, request }) =>
    revealPersonalData(ctx.db, scope, originOf(request), ctx.clock(), 'cpf.reveal', ({ account }) => ({
      uuid: account.id,
      cardHolder: account.holderName,
      documentNumber: account.documentNumber,
    })),
  );
}
