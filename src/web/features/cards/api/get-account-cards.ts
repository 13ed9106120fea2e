import { api } from '../../../api/index.ts';

/** GET /v1/cards/account/{uuid}: the cards of an account, stored as the current card when a row is opened. */
export const getAccountCards = (uuid: string) => api.cardsOfAccount({ params: { uuid } });
