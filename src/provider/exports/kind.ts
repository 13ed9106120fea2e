// What one CSV export is, whatever it lists (issue 18, item 1). The export routes (routes/exports.ts) validate the
// filters, check the operator reaches the company, write the audit row and stream `rows` as CSV in pt-BR (UTF-8 with
// BOM, `;`, 1.234,56, DD/MM/YYYY); a kind only says what its rows are. Kinds are registered in exports/registry.ts.
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Principal } from '../services/sessions.ts';

/** A cell before formatting: money is `{ brl: '1234.56' }` so the writer can print 1.234,56; a date is ISO. */
export type ExportCell = string | number | null | { brl: string } | { date: string } | { dateTime: Date };

export interface ExportKind<Q extends z.ZodType = z.ZodType> {
  /** The export's name on the wire and in the audit row, e.g. 'holders'. */
  name: string;
  /** The filters the kind accepts (the current search and sort of the screen it comes from). */
  filters: Q;
  /** The downloaded file's name, without the extension. */
  fileName(filters: z.output<Q>): string;
  /** The header row, pt-BR. */
  header: readonly string[];
  /**
   * The rows in order, in batches (a keyset page each), so a million rows stream without being held at once. Throws
   * the usual refusals (fail('COMPANY_NOT_FOUND'), fail('CARD_NOT_FOUND')) when the operator does not reach them.
   */
  rows(db: Db, principal: Principal, filters: z.output<Q>): AsyncIterable<readonly ExportCell[][]>;
}
