// A CSV export in two steps (decision 084): the ticket through the sealed /proxy (api.exportTicket: the kind, its
// filters, the expected row count), then one plain GET /proxy/download/<ticket> read as a stream, counting rows as
// they arrive (a stream has no Content-Length), and saved as a file from the Blob it made.
import type { ExportFiltersOf, ExportKindName } from '../../contracts/exports.ts';
import { messages } from '../../contracts/messages.ts';
import { ApiError, NETWORK_ERROR_CODE, toApiError } from '../lib/transport/api-error.ts';
import { sealedAnswer } from '../lib/transport/sealed-answer.ts';
import { ensureTransport } from '../lib/transport/start-transport.ts';
import { bffHeaders, newRequestId, readJson } from '../lib/transport/wire.ts';
import { api } from './index.ts';

export interface ExportProgress {
  /** Data rows received so far (the header not counted). */
  received: number;
  /** What the ticket announced; 0 when the kind could not tell. */
  expected: number;
}

export interface ExportedFile {
  fileName: string;
  rows: number;
  blob: Blob;
}

const LF = 0x0a;

/** The newlines of a chunk: each ends one CSV record (the writer quotes none inside a cell). */
function newlines(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === LF) n++;
  return n;
}

/** The download's refusal, opened when the BFF sealed it (it does once it knows the device); refused if forged. */
async function refusalOf(response: Response, requestId: string): Promise<ApiError> {
  try {
    const data = await sealedAnswer(ensureTransport, response.status, await readJson(response), requestId);
    return toApiError(response.status, data);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

export async function runExport<K extends ExportKindName>(
  kind: K,
  filters: ExportFiltersOf<K>,
  onProgress: (p: ExportProgress) => void,
  signal: AbortSignal,
): Promise<ExportedFile> {
  const { ticket, rows: expected, fileName } = await api.exportTicket({ body: { kind, filters } });
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  onProgress({ received: 0, expected });
  const requestId = newRequestId();
  let response: Response;
  try {
    response = await fetch(`/proxy/download/${ticket}`, {
      headers: bffHeaders(requestId),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, messages.proxy.upstream, NETWORK_ERROR_CODE);
  }
  if (!response.ok || !response.body) throw await refusalOf(response, requestId);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      lines += newlines(value);
      onProgress({ received: Math.max(0, lines - 1), expected });
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, messages.exports.failed, NETWORK_ERROR_CODE);
  }
  const rows = Math.max(0, lines - 1);
  return { fileName, rows, blob: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }) };
}

/** Hands the file to the browser's downloads, as a link the operator clicked would. */
export function saveFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
