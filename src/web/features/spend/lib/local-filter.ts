// A card's history filtered in the browser (decision 119): the card's authorizations come whole from the spec's
// history call, so the same filters as the company's spend apply to them here, by the same rules — section 4's
// status, coin 986 national, the range on what was held in R$, Brasília days — and give the same totals.
import { authorizationStatus } from '../../../../contracts/authorization-status.ts';
import type { Authorization } from '../../../../contracts/history-schemas.ts';
import { centsOf } from '../../../../contracts/money.ts';
import type { SpendRow, SpendTotals } from '../../../../contracts/spend.ts';
import { parseTypedMoney } from '../../../ui/money.ts';
import type { SpendFilterValues } from './filters.ts';

const BRL_CODE = 986;
const brasiliaDay = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 10);

/** The card's authorization as a spend row: a foreign one without its R$ value (an older provider) counts nothing. */
export function spendRowOf(a: Authorization, uuid: string, last4: string): SpendRow {
  return {
    ...a,
    id: `${a.numAuthorization}-${a.tmsInclH}`,
    uuid,
    holder: '',
    last4,
    valueBrl: a.valueBrl ?? (a.coinCode === BRL_CODE ? a.mainValue : 0),
    status: authorizationStatus(a),
  };
}

export function filterLocally(rows: readonly SpendRow[], f: SpendFilterValues): SpendRow[] {
  const min = parseTypedMoney(f.min);
  const max = parseTypedMoney(f.max);
  return rows.filter((r) => {
    const day = brasiliaDay(r.tmsInclH);
    if (f.from && day < f.from) return false;
    if (f.to && day > f.to) return false;
    if (f.status && r.status !== f.status) return false;
    if (f.region === 'nacional' && r.coinCode !== BRL_CODE) return false;
    if (f.region === 'internacional' && r.coinCode === BRL_CODE) return false;
    if (min !== null && centsOf(r.valueBrl) < centsOf(min)) return false;
    if (max !== null && centsOf(r.valueBrl) > centsOf(max)) return false;
    return true;
  });
}

export function totalsOf(rows: readonly SpendRow[]): SpendTotals {
  const tally = (status: string) => {
    const of = rows.filter((r) => r.status === status);
    return { count: of.length, cents: of.reduce((sum, r) => sum + centsOf(r.valueBrl), 0) };
  };
  return { count: rows.length, approved: tally('APROVADA'), denied: tally('NEGADA'), cancelled: tally('CANCELADA') };
}
