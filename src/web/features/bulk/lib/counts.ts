import { parseAmount } from '../../../../contracts/bulk-format.ts';

export const count = (rows: { result: string }[], result: string) => rows.filter((r) => r.result === result).length;

export const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

/** The new amount of a limits row's file cells (its third column), null when it is not an amount. */
export const newLimitOf = (cells: readonly string[]) => parseAmount((cells[2] ?? '').trim());

/** The limits rows the dry run could run whose new available limit is below the card's current one. */
export function cutLines(
  rows: { line: number; cells: readonly string[] }[],
  preview: { line: number; current?: number }[],
) {
  const cells = new Map(rows.map((r) => [r.line, r.cells]));
  return preview.flatMap((p) => {
    const next = newLimitOf(cells.get(p.line) ?? []);
    return p.current !== undefined && next !== null && Math.round(next * 100) < Math.round(p.current * 100)
      ? [p.line]
      : [];
  });
}
