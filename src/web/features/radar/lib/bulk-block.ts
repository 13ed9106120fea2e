// The bulk action of the unused list: each selected card blocked through the card's own block endpoint, one after
// the other, so every card keeps its own rule, its own card event and its own answer (decision 083).
import { messages } from '../../../../contracts/messages.ts';
import type { RadarCard } from '../../../../contracts/radar.ts';
import { api, isApiError } from '../../../api/index.ts';
import { rowLast4 } from '../../../lib/card-row.ts';

export interface BlockOutcome {
  card: RadarCard;
  ok: boolean;
  /** The provider's answer: its success text or the refusal's reason. */
  message: string;
}

export async function blockEach(
  cards: readonly RadarCard[],
  onProgress: (done: number) => void,
): Promise<BlockOutcome[]> {
  const outcomes: BlockOutcome[] = [];
  for (const card of cards) {
    try {
      const answer = await api.blockCard({
        params: { uuid: card.uuid },
        body: {
          last4digits: rowLast4(card),
          blockingReason: 'BE',
          descriptionOccurrence: messages.radar.bulk.occurrence,
        },
      });
      outcomes.push({ card, ok: true, message: answer.message });
    } catch (error) {
      // A session that ended stops the run: every call after it would be refused the same way.
      if (isApiError(error) && error.status === 401) throw error;
      outcomes.push({ card, ok: false, message: isApiError(error) ? error.message : messages.generic.unexpected });
    }
    onProgress(outcomes.length);
  }
  return outcomes;
}
