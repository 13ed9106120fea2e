import type { CardsResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import { loadCardSchemas } from './schemas.ts';

/** GET /v1/cards/account/{uuid}: the cards of an account, stored as the current card when a row is opened. */
export async function getAccountCards(uuid: string): Promise<CardsResponse> {
  const [data, { cardsResponse }] = await Promise.all([
    callApi('cardsOfAccount', { params: { uuid } }),
    loadCardSchemas(),
  ]);
  return cardsResponse.parse(data);
}
