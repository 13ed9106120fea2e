// Bulk changes (issue 18.2): the feature's schemas and its endpoints' contract entries (routes in routes.ts). The
// files' format is in bulk-format.ts, each kind's row rule in bulk-row-rules.ts, a row's judgement in bulk-rows.ts.
import { z } from 'zod';
import { BULK_COLUMNS, BULK_KINDS, BULK_MAX_CELL, BULK_MAX_FILE_ROWS, BULK_MAX_ROWS_PER_CALL } from './bulk-format.ts';
import type { EndpointSpec } from './contract.ts';
import { policy } from './policy.ts';
import { headerValues } from './schemas.ts';
import { controlsImpactResponse, spendingControls } from './spending-controls.ts';

/** Whose controls a card follows (its own, the company's default, none) and which. */
const followedControls = z.object({ source: z.enum(['card', 'company', 'none']), controls: spendingControls });

export * from './bulk-format.ts';
export { blockReasonOf, PLACEHOLDER_PROPOSAL_ID } from './bulk-row-rules.ts';
export * from './bulk-rows.ts';

// The wire.
const bulkHeaders = z.object({ cnpj: headerValues.cnpj, relationcode: headerValues.relationCode });
const fileRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z
    .number()
    .int()
    .min(2)
    .max(BULK_MAX_FILE_ROWS + 1),
  cells: z.array(z.string().max(BULK_MAX_CELL)).max(BULK_COLUMNS.cards.length + 3),
});
export const bulkBody = z.object({
  kind: z.enum(BULK_KINDS),
  rows: z.array(fileRow).min(1).max(BULK_MAX_ROWS_PER_CALL),
});
export type BulkBody = z.infer<typeof bulkBody>;

const key = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .nullable();
export const previewResult = z.enum(['OK', 'ERRO', 'JA_APLICADA']);
export const applyResult = z.enum(['APLICADA', 'RECUSADA', 'JA_APLICADA']);
export const bulkPreviewResponse = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      key,
      result: previewResult,
      reason: z.string().nullable(),
      /** A limits row the dry run could run: the card's available limit now, so the screen shows atual → novo. */
      current: z.number().optional(),
      /**
       * A controls row the dry run could run: whose controls the card follows now and which, whose and which it
       * follows after the row (its own, or the company's default again), and what those would have declined of the
       * card's last 30 days — so the screen shows atual → novo.
       */
      controls: z
        .object({
          before: followedControls,
          after: followedControls,
          impact: controlsImpactResponse,
        })
        .optional(),
    }),
  ),
});
export const bulkApplyResponse = z.object({
  rows: z.array(z.object({ line: z.number(), key, result: applyResult, reason: z.string().nullable() })),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewResponse>['rows'][number];
export type BulkApplyRow = z.infer<typeof bulkApplyResponse>['rows'][number];

export const bulkSpecs = {
  /** Judges every row, writes nothing. */
  bulkPreview: {
    policy: policy.company('cnpj and relationcode headers', 'cards.write'),
    headers: bulkHeaders,
    body: bulkBody,
    response: bulkPreviewResponse,
    errors: ['COMPANY_NOT_FOUND', 'BULK_LINE_REPEATED'],
  },
  /** Applies the rows one by one, each in its own transaction, once per idempotency key. */
  bulkApply: {
    policy: policy.company('cnpj and relationcode headers', 'cards.write', {
      stepUp: 'when stale',
      audits: { trail: 'audit_log', actions: ['bulk.limits', 'bulk.blocks', 'bulk.cards', 'bulk.controls'] },
    }),
    headers: bulkHeaders,
    body: bulkBody,
    response: bulkApplyResponse,
    errors: ['COMPANY_NOT_FOUND', 'BULK_LINE_REPEATED'],
  },
} as const satisfies Record<string, EndpointSpec>;
