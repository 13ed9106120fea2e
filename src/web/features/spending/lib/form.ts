// The controls form's values as typed, and the controls they make: money typed as cents like every money field of
// the portal (spec section 5), an empty field meaning "no limit of its own".
import {
  controlsRecord,
  MCC_GROUP_KEYS,
  type MccGroup,
  type SpendingControls,
} from '../../../../contracts/spending-controls.ts';
import { moneyToTyped, parseTypedMoney } from '../../../ui/money.ts';

export interface ControlsForm {
  blockedGroups: MccGroup[];
  international: boolean;
  online: boolean;
  cashWithdrawal: boolean;
  maxPerPurchase: string;
  dailyLimit: string;
  monthlyLimit: string;
}

const typed = (reais: number | null) => (reais === null ? '' : moneyToTyped(reais));

export const formOf = (c: SpendingControls): ControlsForm => ({
  blockedGroups: [...c.blockedGroups],
  international: c.international,
  online: c.online,
  cashWithdrawal: c.cashWithdrawal,
  maxPerPurchase: typed(c.maxPerPurchase),
  dailyLimit: typed(c.dailyLimit),
  monthlyLimit: typed(c.monthlyLimit),
});

export const controlsOf = (f: ControlsForm): SpendingControls => ({
  // In the catalogue's order, as the provider keeps them: a set clicked in another order is no change.
  blockedGroups: MCC_GROUP_KEYS.filter((g) => f.blockedGroups.includes(g)),
  international: f.international,
  online: f.online,
  cashWithdrawal: f.cashWithdrawal,
  maxPerPurchase: parseTypedMoney(f.maxPerPurchase),
  dailyLimit: parseTypedMoney(f.dailyLimit),
  monthlyLimit: parseTypedMoney(f.monthlyLimit),
});

export interface ControlChange {
  field: string;
  before: string;
  after: string;
}

/** What a save changes, field by field, in the words the audit trail will record (atual → novo). */
export function changesBetween(
  current: { source: 'card' | 'company' | 'none'; controls: SpendingControls },
  next: { source: 'card' | 'company' | 'none'; controls: SpendingControls },
  labels: Record<string, string>,
): ControlChange[] {
  const before = controlsRecord(current.source, current.controls) as Record<string, string>;
  const after = controlsRecord(next.source, next.controls) as Record<string, string>;
  return Object.keys(after)
    .filter((k) => before[k] !== after[k])
    .map((k) => ({ field: labels[k] ?? k, before: before[k] ?? '', after: after[k] ?? '' }));
}
