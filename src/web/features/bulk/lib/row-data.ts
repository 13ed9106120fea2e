// A row's key data as one pt-BR line: who, which card and what changes.
import { type BulkKind, parseAmount } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { formatBRL } from '../../../ui/format.ts';

const d = messages.bulk.data;
const amount = (cell: string) => {
  const value = parseAmount(cell.trim());
  // 'R$' and its figure stay on one line.
  return value === null ? cell : formatBRL(value).replace('R$ ', 'R$\u00a0');
};

export function rowData(kind: BulkKind, cells: readonly string[]): string {
  const c = (i: number) => (cells[i] ?? '').trim() || '—';
  if (kind === 'limits') return d.limit(c(0), c(1), amount(c(2)));
  if (kind === 'blocks') return d.block(c(0), c(1), c(2));
  if (kind === 'controls') return d.controls(c(0), c(1));
  return d.card(c(1), c(0), amount(c(16)));
}
