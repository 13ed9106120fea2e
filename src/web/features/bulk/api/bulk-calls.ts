// POST /v1/bulk/preview and /v1/bulk/apply, a file's rows sent in calls (chunkRows), one after another,
// each answered call moving the progress on (decision 085).
import {
  type BulkApplyRow,
  type BulkKind,
  type BulkPreviewRow,
  chunkRows,
  markDuplicates,
} from '../../../../contracts/bulk.ts';
import { api } from '../../../api/index.ts';
import type { FileRow } from '../lib/csv.ts';

export interface Relationship {
  cnpj: string;
  relationCode: string;
}

type Progress = (done: number, total: number) => void;

async function inChunks<T>(
  kind: BulkKind,
  rows: FileRow[],
  call: (chunk: FileRow[]) => Promise<T[]>,
  onProgress: Progress,
): Promise<T[]> {
  const out: T[] = [];
  let done = 0;
  onProgress(0, rows.length);
  for (const chunk of chunkRows(kind, rows)) {
    out.push(...(await call(chunk)));
    done += chunk.length;
    onProgress(done, rows.length);
  }
  return out;
}

const headersOf = (company: Relationship) => ({ cnpj: company.cnpj, relationcode: company.relationCode });

/** Every row judged; a row equal to an earlier one of the file (in another call) is marked as repeated. */
export async function previewFile(
  company: Relationship,
  kind: BulkKind,
  rows: FileRow[],
  onProgress: Progress,
): Promise<BulkPreviewRow[]> {
  const judged = await inChunks(
    kind,
    rows,
    async (chunk) => (await api.bulkPreview({ headers: headersOf(company), body: { kind, rows: chunk } })).rows,
    onProgress,
  );
  return markDuplicates(judged);
}

/** Applies the rows in calls; a call that fails stops the run and hands back what was applied until then. */
export async function applyFile(
  company: Relationship,
  kind: BulkKind,
  rows: FileRow[],
  onProgress: Progress,
  applied: BulkApplyRow[] = [],
): Promise<BulkApplyRow[]> {
  return inChunks(
    kind,
    rows,
    async (chunk) => {
      const answer = (await api.bulkApply({ headers: headersOf(company), body: { kind, rows: chunk } })).rows;
      applied.push(...answer);
      return answer;
    },
    onProgress,
  );
}
