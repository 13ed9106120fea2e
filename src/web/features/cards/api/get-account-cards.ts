import { type CardsResponse, cardsResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

/** GET /v1/cards/account/{uuid}: the cards of an account, stored as the current card when a row is opened. */
export async function getAccountCards(uuid: string): Promise<CardsResponse> {
  return cardsResponse.parse(await callApi('cardsOfAccount', { params: { uuid } }));
}
