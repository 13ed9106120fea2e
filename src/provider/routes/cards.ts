// Card and holder reads: the CPF search inside the chosen company, an account's cards, the holder's data and
// the card consult. Another company's account answers as an unknown one: 404, nothing revealed.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { cardOfUser, cardsByDocument, cardsOfAccount, consultOf, holderData } from '../services/cards.ts';
import { companyOfUser } from '../services/companies.ts';

export async function cardRoutes(app: FastifyInstance, ctx: ProviderContext) {
  handle(app, 'cardsByDocument', async ({ params, headers, principal }) => {
    const company = await companyOfUser(ctx.db, principal.userId, headers.cnpj, headers.relationcode);
    // A CPF keeps its leading zeros in storage; the search box may have lost them.
    const cpf = params.documentNumber.padStart(11, '0');
    if (!company || cpf.length !== 11) fail('CARDS_NOT_FOUND');
    const cardsResult = await cardsByDocument(ctx.db, company.id, cpf);
    if (cardsResult.length === 0) fail('CARDS_NOT_FOUND');
    return { cardsResult };
  });

  handle(app, 'cardsOfAccount', async ({ params, principal }) => {
    const cardsResult = await cardsOfAccount(ctx.db, principal.userId, params.uuid);
    if (cardsResult.length === 0) fail('CARD_NOT_FOUND');
    return { cardsResult };
  });

  handle(app, 'holder', async ({ params, principal }) => {
    const data = await holderData(ctx.db, principal.userId, params.uuid);
    if (!data) fail('HOLDER_NOT_FOUND');
    return data;
  });

  handle(app, 'consultCard', async ({ params, headers, principal }) => {
    const found = await cardOfUser(ctx.db, principal.userId, params.uuid, headers.last4digits);
    if (!found) fail('CARD_NOT_FOUND');
    return consultOf(found.card, found.account);
  });
}
