// The result file: every row of the uploaded file with its columns, its result and its reason (';', BOM).
import { BULK_COLUMNS, type BulkKind } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { reasonText, type ShownRow } from '../components/rows-table.tsx';
import { type FileRow, toCsv } from './csv.ts';

const m = messages.bulk;

export function resultCsv(kind: BulkKind, rows: FileRow[], results: ShownRow[]): string {
  const byLine = new Map(results.map((r) => [r.line, r]));
  const header = [m.columns.line, ...BULK_COLUMNS[kind], m.columns.result, m.columns.reason];
  const lines = rows.map((row) => {
    const result = byLine.get(row.line);
    return [String(row.line), ...row.cells, result ? m.results[result.result] : '', result ? reasonText(result) : ''];
  });
  return toCsv([header, ...lines]);
}
