// A card blocked for good or a cancelled account takes no new controls: judged before any write (issue 25's order).
import { fail } from '../../errors.ts';
import type { CardScope } from '../../http/scope/types.ts';
import { isPermanentlyBlocked } from '../cards.ts';

export function refuseChangeOfPermanent({ account, card }: Pick<CardScope, 'account' | 'card'>): void {
  if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
}
