// The spend filters as the screen keeps them and as they travel (decision 118): the period in Brasília days, a
// holder text read as the cards search reads it, the status, the origin and an amount range typed as money.
import { searchTermOnTheWire } from '../../../../contracts/card-search-term.ts';
import {
  SPEND_DEFAULT_DAYS,
  type SpendFilters,
  type SpendRegion,
  type SpendStatus,
} from '../../../../contracts/spend.ts';
import { parseTypedMoney } from '../../../ui/money.ts';

export interface SpendFilterValues {
  from: string;
  to: string;
  holder: string;
  status: SpendStatus | '';
  region: SpendRegion | '';
  /** As typed, '1.234,56'. */
  min: string;
  max: string;
}

const DAY_MS = 86_400_000;
/** A Brasília day (UTC−3 all year), ISO. */
const brasiliaDay = (instant: number) => new Date(instant - 3 * 3_600_000).toISOString().slice(0, 10);

/** The period the screen opens with: the last SPEND_DEFAULT_DAYS days, today included. */
export function defaultSpendFilters(now = Date.now()): SpendFilterValues {
  return {
    from: brasiliaDay(now - (SPEND_DEFAULT_DAYS - 1) * DAY_MS),
    to: brasiliaDay(now),
    holder: '',
    status: '',
    region: '',
    min: '',
    max: '',
  };
}

const centsText = (typed: string) => {
  const reais = parseTypedMoney(typed);
  return reais === null ? undefined : String(Math.round(reais * 100));
};

/** The query of the applied filters (empty ones left out). */
export function spendQueryOf(f: SpendFilterValues): SpendFilters {
  const q = searchTermOnTheWire(f.holder);
  const min = centsText(f.min);
  const max = centsText(f.max);
  return {
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(q ? { q } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.region ? { region: f.region } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
  };
}

export type SpendFilterErrors = Partial<Record<keyof SpendFilterValues, string>>;
