// What one CSV export is, whatever it lists (issue 18, item 1). The export routes (routes/exports.ts) validate the
// filters, check the operator reaches the company, write the audit row and stream `rows` as CSV in pt-BR (UTF-8 with
// BOM, `;`, 1.234,56, DD/MM/YYYY); a kind only says what its rows are. Kinds are registered in exports/registry.ts.
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Principal } from '../services/sessions.ts';

/**
 * A cell before formatting: money is `{ brl: '1234.56' }` (or centavos, `{ cents }`) so the writer can print 1.234,56;
 * a date is ISO; a date-time is shown in Brasília time. Only plain strings are text, and only text is neutralised
 * against formula injection (a negative amount keeps its minus sign).
 */
export type ExportCell =
  | string
  | number
  | null
  | { brl: string }
  | { cents: number }
  | { date: string }
  | { dateTime: Date };

/** What the ticket answer and the audit row say before a row is read. */
export interface ExportScope {
  /** The company the file concerns (the audit row's), null when none. */
  companyId: number | null;
  /** The data rows the file will hold, for the browser's progress; null when the kind cannot tell cheaply. */
  rows: number | null;
}

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
   * Optional: checks the operator reaches what the filters name (refusing as `rows` would) and counts the rows.
   * Without it the ticket carries no row count (the browser shows rows received only) and the audit row no company.
   */
  scope?(db: Db, principal: Principal, filters: z.output<Q>): Promise<ExportScope>;
  /**
   * The rows in order, in batches (a keyset page each), so a million rows stream without being held at once. Throws
   * the usual refusals (fail('COMPANY_NOT_FOUND'), fail('CARD_NOT_FOUND')) when the operator does not reach them;
   * the route reads the first batch before it sends a byte, so such a refusal is a 4xx with nothing streamed.
   */
  rows(db: Db, principal: Principal, filters: z.output<Q>): AsyncIterable<readonly ExportCell[][]>;
}
