// Opens a radar row's card as the cards list opens one: its cards read, the account and card made current, then
// the details screen (the same store the card screens read).
import type { SubAccount } from '../../../../contracts/index.ts';
import type { RadarCard } from '../../../../contracts/radar.ts';
import { api } from '../../../api/index.ts';
import { rowLast4 } from '../../../lib/card-row.ts';
import { useAppStore } from '../../../lib/store/index.ts';

/** The list row the card screens expect (the radar's dates left out). */
export const subAccountOf = ({ expiresOn: _e, lastUseOn: _l, requestedOn: _r, ...row }: RadarCard): SubAccount => row;

export async function selectCard(card: RadarCard): Promise<void> {
  const row = subAccountOf(card);
  const cards = await api.cardsOfAccount({ params: { uuid: row.uuid } });
  const store = useAppStore.getState();
  store.setCurrentAccount(row);
  store.setCurrentCard(cards);
  useAppStore.setState((s) => ({ companyCards: { ...s.companyCards, last4digits: rowLast4(row) } }));
}
