// Bulk changes (issue 18.2; decision 085): every call the bulk screen makes, sealed as the transport seals it, fits
// the BFF's body limit whatever the file holds, because the screen packs rows with the contract's chunkRows.
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, BULK_MAX_CELL, type BulkKind, bulkBody, chunkRows } from '../contracts/bulk.ts';
import { deriveSessionKey, sealJson } from '../crypto/index.ts';
import { BODY_LIMIT_BYTES } from './request-checks.ts';

describe('the calls of a file', () => {
  const worst = (kind: BulkKind, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      line: i + 2,
      // Three bytes of UTF-8 per character, the most a cell can cost once control characters are dropped.
      cells: BULK_COLUMNS[kind].map(() => '€'.repeat(BULK_MAX_CELL)),
    }));

  it('keep the file’s order, at most 100 rows (25 card requests) each, and fit the BFF’s limit once sealed', async () => {
    const key = await deriveSessionKey({ cipherAES: 'a'.repeat(32), tokenAES: 'b'.repeat(32) });
    for (const kind of ['limits', 'blocks', 'cards'] as const) {
      const rows = worst(kind, 60);
      const chunks = chunkRows(kind, rows);
      expect(chunks.flat()).toEqual(rows);
      for (const chunk of chunks) {
        expect(bulkBody.safeParse({ kind, rows: chunk }).success).toBe(true);
        const inner = {
          method: 'POST',
          url: 'https://sandbox.api.fidis.com.br/v1/bulk/preview',
          headers: {
            Authorization: `Bearer ${'t'.repeat(400)}`,
            environmentName: 'prd',
            systemName: 'fidis',
            'Content-Type': 'application/json',
            supplier: 'orbitall',
            org: '090',
            cnpj: '11222333000181',
            relationcode: 'R'.repeat(20),
          },
          data: { kind, rows: chunk },
        };
        const sealed = JSON.stringify(await sealJson(key, inner, '0190f2a4-0000-7000-8000-000000000000'));
        expect(sealed.length, `${kind}: ${chunk.length} rows`).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
      }
    }
    const small = Array.from({ length: 250 }, (_, i) => ({ line: i + 2, cells: ['529.982.247-25', '1234', '1,00'] }));
    expect(chunkRows('limits', small).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunkRows('cards', small).map((c) => c.length)).toEqual([25, 25, 25, 25, 25, 25, 25, 25, 25, 25]);
  });
});
