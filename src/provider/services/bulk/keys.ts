// The idempotency key of a row: sha256 of the company, the kind and the row's normalised content, so the same change
// in the same company is the same key whichever file, line or spelling (1.500,00 or 1500) it came in.
import { createHash } from 'node:crypto';
import { type ParsedRow, rowContent } from '../../../contracts/bulk.ts';

export const idempotencyKey = (companyId: number, row: ParsedRow) =>
  createHash('sha256')
    .update(`${companyId}|${row.kind}|${rowContent(row)}`)
    .digest('hex');

/** A proposal id derived from the key (UUID version 8 layout), so a card request row is one proposal forever. */
export function proposalIdOf(key: string): string {
  const h = key.slice(0, 32).split('');
  h[12] = '8';
  h[16] = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}
