// Card and holder reads: the CPF search inside the chosen company, an account's cards, the holder's data and
// the card consult. Which company or card the operator reaches is the scope step's (policy in contract.ts).
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { cardsByDocument, cardsOfAccount, consultOf, holderData } from '../services/cards.ts';

export async function cardRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'cardsByDocument', async ({ params, scope }) => {
    // A CPF keeps its leading zeros in storage; the search box may have lost them.
    const cpf = params.documentNumber.padStart(11, '0');
    if (cpf.length !== 11) fail('CARDS_NOT_FOUND');
    const cardsResult = await cardsByDocument(ctx.db, scope.company.id, cpf);
    if (cardsResult.length === 0) fail('CARDS_NOT_FOUND');
    return { cardsResult };
  });

  handle(app, 'cardsOfAccount', async ({ scope }) => ({ cardsResult: await cardsOfAccount(ctx.db, scope.account.id) }));

  handle(app, 'holder', async ({ scope }) => holderData(ctx.db, scope));

  handle(app, 'consultCard', async ({ scope }) => consultOf(scope.card, scope.account));
}
