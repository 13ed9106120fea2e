// The file's text → its rows, and rows → a CSV a Brazilian spreadsheet opens (';', UTF-8 with BOM). The browser
// parses the file, so the provider receives rows, in calls of at most 100 (decision 085).
import { parse } from 'csv-parse/browser/esm/sync';
import {
  BULK_COLUMNS,
  BULK_EXAMPLES,
  BULK_MAX_CELL,
  BULK_MAX_FILE_ROWS,
  type BulkKind,
  headerKey,
} from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';

const m = messages.bulk;
const BOM = '\uFEFF';

export interface FileRow {
  /** The row's line in the file; the header is line 1. */
  line: number;
  cells: string[];
}

export type ParsedFile = { ok: true; rows: FileRow[] } | { ok: false; message: string };

/** A name or a type that says CSV (spreadsheets save text/csv; some systems say application/vnd.ms-excel). */
export const looksLikeCsv = (file: { name: string; type: string }) =>
  /\.csv$/i.test(file.name) || ['text/csv', 'application/csv'].includes(file.type);

/** Control characters dropped and the cell cut at BULK_MAX_CELL, so any row fits one call (contracts/bulk.ts). */
const isControl = (code: number) => (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;
const clip = (cell: string) =>
  Array.from(cell)
    .filter((ch) => !isControl(ch.charCodeAt(0)))
    .join('')
    .slice(0, BULK_MAX_CELL);

/** The file's rows under the kind's template header, or the pt-BR reason it cannot be read. */
export function parseFile(text: string, kind: BulkKind): ParsedFile {
  const columns = BULK_COLUMNS[kind];
  let records: string[][];
  try {
    records = parse(text.startsWith(BOM) ? text.slice(1) : text, {
      delimiter: ';',
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch {
    return { ok: false, message: m.unreadable };
  }
  const [first, ...body] = records;
  // Empty cells a spreadsheet leaves after the last column are no columns.
  const header = first?.slice(0, Math.max(columns.length, first.findLastIndex((h) => h.trim() !== '') + 1));
  const expected = columns.join(';');
  if (
    !header ||
    header.length !== columns.length ||
    header.some((h, i) => headerKey(h) !== headerKey(columns[i] ?? ''))
  ) {
    return { ok: false, message: m.wrongHeader(expected) };
  }
  const rows = body
    .map((cells, i) => ({ line: i + 2, cells: cells.map(clip) }))
    // A blank line (or one a spreadsheet left with empty cells only) is no row.
    .filter((row) => row.cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) return { ok: false, message: m.empty };
  if (rows.length > BULK_MAX_FILE_ROWS) return { ok: false, message: m.tooMany(BULK_MAX_FILE_ROWS) };
  return { ok: true, rows };
}

/** A cell a spreadsheet would run as a formula is written as text (OWASP CSV injection). */
const safe = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
const quoted = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** Rows → CSV text: ';' between cells, CRLF between lines, a BOM so Excel reads UTF-8. */
export const toCsv = (rows: readonly (readonly string[])[]) =>
  `${BOM}${rows.map((row) => row.map((c) => quoted(safe(c))).join(';')).join('\r\n')}\r\n`;

/** The template of a kind: its header and one example row. */
export const templateCsv = (kind: BulkKind) => toCsv([BULK_COLUMNS[kind], BULK_EXAMPLES[kind]]);

/** Offers text as a file download. */
export function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
