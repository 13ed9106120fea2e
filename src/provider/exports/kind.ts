// What one CSV export is, whatever it lists (issue 18, item 1). The export routes (routes/exports.ts) validate the
// filters, check the operator reaches the company, write the audit row and stream `rows` as CSV in pt-BR (UTF-8 with
// BOM, `;`, 1.234,56, DD/MM/YYYY); a kind only says what its rows are. Kinds are registered in exports/registry.ts.
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { CardScope, CompanyScope } from '../http/scope/types.ts';

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

/**
 * A kind lists a company's rows or a card's: its policy (EXPORT_POLICIES in contracts/exports.ts) says which, and the
 * scope step hands it the company or card it found and judged, at the ticket and again at the download.
 */
export interface ExportKind<
  Q extends z.ZodType = z.ZodType,
  S extends CompanyScope | CardScope = CompanyScope | CardScope,
> {
  /** The export's name on the wire and in the audit row, e.g. 'holders'. */
  name: string;
  /** The filters the kind accepts (the current search and sort of the screen it comes from). */
  filters: Q;
  /** The downloaded file's name, without the extension. */
  fileName(filters: z.output<Q>): string;
  /** The header row, pt-BR. */
  header: readonly string[];
  /**
   * The data rows the file will hold, for the browser's progress and the audit row, or null when the kind cannot
   * tell cheaply; throws the kind's own refusals (an invoice that does not exist, a period out of range).
   */
  count(db: Db, scope: S, filters: z.output<Q>, masked: boolean): Promise<number | null>;
  /**
   * The rows in order, in batches (a keyset page each), so a million rows stream without being held at once; the
   * route reads the first batch before it sends a byte, so a refusal is still a 4xx with nothing streamed.
   */
  rows(db: Db, scope: S, filters: z.output<Q>, masked: boolean): AsyncIterable<readonly ExportCell[][]>;
}
