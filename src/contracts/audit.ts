// The audit trail screen (issue 16): schemas and the endpoints' contract entries (routes in routes.ts).
// One list over the company's audit_log rows and its cards' card_events, newest first, keyset-paged (decision 089).
import { z } from 'zod';
import { AUDIT_ACTION_LABELS, type AuditAction, auditMessages as m } from './audit-messages.ts';
import { recordedTarget } from './audit-values.ts';
import type { EndpointSpec } from './contract.ts';
import { cnpj, requiredText } from './fields.ts';
import { policy } from './policy.ts';

/** Rows per page of the screen. */
export const AUDIT_PAGE_SIZE = 50;
/** How far back the screen's filters reach, in months (the retention floor, docs/security.md). */
export const AUDIT_MONTHS = 12;
/** The period the screen opens with, in days back from today. */
export const AUDIT_DEFAULT_DAYS = 30;
/** The trail's days are Brasília days (UTC−3, no daylight saving since 2019). */
export const AUDIT_ZONE_OFFSET = '-03:00';

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.periodInvalid)
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: m.periodInvalid,
    },
  );

/**
 * Where the next page starts: the last row's instant in microseconds since the epoch, its source (a: audit_log,
 * c: card_events) and its id, `1767225600000000~c~42`. Only [0-9a-z~] so it passes the BFF's query filter.
 */
export const auditCursor = z.string().regex(/^\d{1,17}~[ac]~\d{1,19}$/, m.cursorInvalid);
export const auditOperator = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,60}$/, m.operatorInvalid);
/** The card's last four digits, or the holder's CPF (11 digits, mask already stripped). */
export const auditCard = z
  .string()
  .trim()
  .regex(/^(\d{4}|\d{11})$/, m.cardInvalid);
export const auditAction = z.enum(AUDIT_ACTIONS, { message: m.actionInvalid });

export const auditQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  operator: auditOperator.optional(),
  card: auditCard.optional(),
  action: auditAction.optional(),
  cursor: auditCursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One changed field: its values before and after, as recorded (text; null when absent). */
export const auditChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChange>;

export const auditEvent = z.object({
  /** `a-<id>` (audit_log) or `c-<id>` (card_events): unique in the list. */
  id: z.string(),
  /** ISO instant. */
  at: z.string(),
  source: z.enum(['audit', 'card']),
  /** Who acted, as they were when they acted (kept after the user is deleted); null for the system. */
  actorLogin: z.string().nullable(),
  actorName: z.string().nullable(),
  address: z.string().nullable(),
  action: z.string(),
  /** What it concerned: a card (last four digits and holder) or a text (a login, an export's kind). */
  target: z.object({ last4: z.string().nullable(), holder: z.string().nullable(), text: z.string().nullable() }),
  changes: z.array(auditChange),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/**
 * The company's chain head as last published outside the database (decision 125): its number, MAC and when it was
 * published; `absent` before the first publication that had the company's rows, `invalid` when the file's signature
 * does not hold.
 */
export const auditPublishedHead = z.object({
  state: z.enum(['published', 'absent', 'invalid']),
  seq: z.number().int().nullable(),
  mac: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type AuditPublishedHead = z.infer<typeof auditPublishedHead>;

export const auditResponse = z.object({
  events: z.array(auditEvent),
  published: auditPublishedHead,
  /** The period read, ISO dates (the defaults filled in). */
  from: z.string(),
  to: z.string(),
  /** The cursor of the next page; null on the last one. */
  next: auditCursor.nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;

const companyHeaders = z.object({ cnpj, relationcode: requiredText(20) });

/** The filters of the trail's CSV export (kind `audit`): the screen's filters, every page. */
export const auditExportFilters = z.strictObject({
  cnpj,
  relationCode: requiredText(20),
  from: isoDate.optional(),
  to: isoDate.optional(),
  operator: auditOperator.optional(),
  card: auditCard.optional(),
  action: auditAction.optional(),
});
export type AuditExportFilters = z.infer<typeof auditExportFilters>;

/** The label of an action, or the action as recorded when the catalogue does not name it. */
export const actionLabel = (action: string): string => m.actions[action] ?? m.unknownAction(action);
export const fieldLabel = (field: string): string => m.fields[field] ?? field;

export { auditValue, changeText, readLines } from './audit-values.ts';

/** What an event concerned, as a line: the card (last four digits and holder) or the recorded text. */
export const targetText = (t: AuditEvent['target']): string =>
  t.last4 ? m.cardTarget(t.last4, t.holder) : recordedTarget(t.text);

export const auditSpecs = {
  auditTrail: {
    policy: policy.company('cnpj and relationcode headers', 'audit.read', {
      audits: { trail: 'audit_log', actions: ['audit.read'] },
    }),
    headers: companyHeaders,
    query: auditQuery,
    response: auditResponse,
    errors: ['COMPANY_NOT_FOUND', 'AUDIT_PERIOD_INVALID'],
  },
} as const satisfies Record<string, EndpointSpec>;
