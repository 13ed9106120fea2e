// The company's spend as a file (issue 27, decision 118): exactly the screen's filters, every page, newest first,
// in keyset batches. Registered as kind `spend` in exports/registry.ts; its filters are spendExportFilters.
import { APPROVED } from '../../contracts/authorization-status.ts';
import { exportFilters } from '../../contracts/exports.ts';
import { centsOf } from '../../contracts/money.ts';
import { can } from '../../contracts/profiles.ts';
import { spendMessages as m } from '../../contracts/spend-messages.ts';
import type { CompanyScope } from '../http/scope/types.ts';
import { spendPage, spendPeriod, spendTotals } from '../services/spend.ts';
import type { ExportCell, ExportKind } from './kind.ts';

const c = m.csvColumns;
const CURRENCIES: Record<number, string> = { 986: 'BRL', 840: 'USD', 978: 'EUR' };
/** Rows per keyset batch: each is one indexed page query. */
const BATCH = 1_000;

export const spendExportKind: ExportKind<typeof exportFilters.spend, CompanyScope> = {
  name: 'spend',
  filters: exportFilters.spend,
  fileName: (f) => `${m.fileName}-${f.cnpj}-${spendPeriod(new Date(), f.from, f.to).from}`,
  header: [
    c.dateTime,
    c.holder,
    c.card,
    c.establishment,
    c.authorization,
    c.type,
    c.installments,
    c.value,
    c.currency,
    c.charged,
    c.status,
  ],

  // The file's CPF filter matches what the operator sees, as the screen's (decision 115).
  async count(db, { company, profile }, f) {
    const maskedCpf = !can(profile, 'personal.read');
    return (await spendTotals(db, company.id, spendPeriod(new Date(), f.from, f.to), f, maskedCpf)).count;
  },

  async *rows(db, { company, profile }, f) {
    const maskedCpf = !can(profile, 'personal.read');
    // One period for the whole file, read once.
    const period = spendPeriod(new Date(), f.from, f.to);
    let after: string | undefined;
    for (;;) {
      const page = await spendPage(db, company.id, period, { ...f, after, limit: BATCH, maskedCpf });
      if (page.transactions.length > 0) {
        yield page.transactions.map((r): ExportCell[] => [
          // The screen shows the platform's time one minute on (spec section 5); the file shows what the screen shows.
          { dateTime: new Date(Date.parse(r.tmsInclH) + 60_000) },
          r.holder,
          r.last4,
          r.establishmentName,
          r.numAuthorization,
          r.transactionType,
          r.qtdParcel,
          { cents: centsOf(r.mainValue) },
          CURRENCIES[r.coinCode] ?? String(r.coinCode),
          // What left the limit, as a debit; a refusal or a cancelled one charged nothing.
          r.status === APPROVED ? { cents: -centsOf(r.valueBrl) } : null,
          r.status,
        ]);
      }
      if (!page.next) return;
      after = page.next;
    }
  },
};
