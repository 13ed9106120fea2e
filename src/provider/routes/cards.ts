// Card and holder reads: the CPF search inside the chosen company, an account's cards, the holder's data and
// the card consult. Another company's account answers as an unknown one: 404, nothing revealed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uuid } from '../../contracts/fields.ts';
import { messages } from '../../contracts/messages.ts';
import { type AccountData, type CardConsult, type CardsResponse, headerValues } from '../../contracts/schemas.ts';
import type { ProviderContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { principalOf, routeOf } from '../http/route.ts';
import { parseWith } from '../http/validate.ts';
import { cardNotFound, cardOfUser, cardsByDocument, cardsOfAccount, consultOf, holderData } from '../services/cards.ts';
import { companyOfUser } from '../services/companies.ts';

const uuidParams = z.object({ uuid });
/** The account uuid of the path; anything else is a 400, never a database error. */
export const accountIdOf = (request: FastifyRequest) => parseWith(uuidParams, request.params).uuid;

const userId = (request: FastifyRequest) => principalOf(request).userId;

const searchHeaders = z.object({ cnpj: headerValues.cnpj, relationcode: headerValues.relationCode });
const documentParams = z.object({ documentNumber: z.string().regex(/^\d{1,14}$/) });
const consultHeaders = z.object({ last4digits: headerValues.last4digits, product: headerValues.product.optional() });

const searchNotFound = () => new AppError(404, 'CARDS_NOT_FOUND', messages.cards.notFound);

export async function cardRoutes(app: FastifyInstance, ctx: ProviderContext) {
  app.route(
    routeOf('cardsByDocument', async (request): Promise<CardsResponse> => {
      const headers = parseWith(searchHeaders, request.headers);
      const { documentNumber } = parseWith(documentParams, request.params);
      const company = await companyOfUser(ctx.db, userId(request), headers.cnpj, headers.relationcode);
      // A CPF keeps its leading zeros in storage; the search box may have lost them.
      const cpf = documentNumber.padStart(11, '0');
      if (!company || cpf.length !== 11) throw searchNotFound();
      const cardsResult = await cardsByDocument(ctx.db, company.id, cpf);
      if (cardsResult.length === 0) throw searchNotFound();
      return { cardsResult };
    }),
  );

  app.route(
    routeOf('cardsOfAccount', async (request): Promise<CardsResponse> => {
      const cardsResult = await cardsOfAccount(ctx.db, userId(request), accountIdOf(request));
      if (cardsResult.length === 0) throw cardNotFound();
      return { cardsResult };
    }),
  );

  app.route(
    routeOf('holder', async (request): Promise<AccountData> => {
      const data = await holderData(ctx.db, userId(request), accountIdOf(request));
      if (!data) throw new AppError(404, 'HOLDER_NOT_FOUND', messages.cards.holderNotFound);
      return data;
    }),
  );

  app.route(
    routeOf('consultCard', async (request): Promise<CardConsult> => {
      const accountId = accountIdOf(request);
      const headers = parseWith(consultHeaders, request.headers);
      const found = await cardOfUser(ctx.db, userId(request), accountId, headers.last4digits);
      if (!found) throw cardNotFound();
      return consultOf(found.card, found.account);
    }),
  );
}
