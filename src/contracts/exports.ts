// CSV exports (issue 18.1): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
// A file is asked for through the sealed /proxy (exportTicket: the kind and its filters, validated here, answered
// with a short-lived single-use ticket and the expected row count), then fetched with a plain GET on the BFF, which
// streams the provider's exportDownload (text/csv, not JSON: the one endpoint handle() does not answer, decision 084).
import { z } from 'zod';
import { auditExportFilters } from './audit.ts';
import type { EndpointSpec } from './contract.ts';
import { cnpj, cpf, last4, requiredText, uuid } from './fields.ts';
import { messages } from './messages.ts';
import { type Policy, policy, type StepUpCall } from './policy.ts';
import { radarExportFilters } from './radar.ts';
import { headerValues } from './schemas.ts';
import { spendExportFilters } from './spend.ts';

const isoDate = headerValues.dueDate;

/** The filters of each kind: the screen's current search and sort, or the card / invoice it shows. */
export const exportFilters = {
  /** The cards list: all pages, the CPF search when one is on, A-Z / Z-A or the list's own (account) order. */
  holders: z.strictObject({
    cnpj,
    relationCode: requiredText(20),
    cpf: cpf.optional(),
    order: z.enum(['', 'asc', 'desc']).default(''),
  }),
  /** A card's authorizations, as the history screen keeps them. */
  authorizations: z.strictObject({ uuid, last4 }),
  /** A card's transactions of the due dates the history screen shows (at most twelve). */
  transactions: z.strictObject({ uuid, last4, dueDates: z.array(isoDate).min(1).max(12) }),
  /** The corporate invoice of a due date, one line per holder, reconciled to the invoice's total. */
  'invoice-holders': z.strictObject({ cnpj, dueDate: isoDate }),
  /** A lifecycle radar list with its filter (decision 083; kind in provider/exports/radar.ts). */
  radar: radarExportFilters,
  /** The audit trail with the screen's filters, every page (decision 089; kind in provider/exports/audit.ts). */
  audit: auditExportFilters,
  /** The company's spend with the screen's filters, every page (decision 118; kind in provider/exports/spend.ts). */
  spend: spendExportFilters,
} as const;

export type ExportKindName = keyof typeof exportFilters;

/** A file of the whole company asks for a recent proof of identity; a card's own history does not (issue 25). */
const WHOLE_LIST = {
  when: 'for the whole list (no CPF search)',
  applies: ({ body }: StepUpCall) => !(body as { filters?: { cpf?: string } }).filters?.cpf,
};

/** The company's spend of every card asks for a recent proof; the file of one card's history does not, as its own. */
const ONE_CARD_EXEMPT = {
  when: 'for every card (no card named)',
  applies: ({ body }: StepUpCall) => !(body as { filters?: { uuid?: string } }).filters?.uuid,
};

/**
 * Each kind's policy: what its filters name, the permission, the step-up. The ticket is judged by its kind's policy,
 * and the download by the same one again (without the step-up, already asked for the ticket a minute before).
 */
export const EXPORT_POLICIES = {
  holders: policy.company('cnpj and relationCode of the filters', 'cards.read', {
    stepUp: WHOLE_LIST,
    reveals: { data: ['cpf'], to: 'masked for Consulta' },
  }),
  authorizations: policy.card('uuid and last4 of the filters', 'cards.read'),
  transactions: policy.card('uuid and last4 of the filters', 'cards.read'),
  'invoice-holders': policy.company('cnpj of the filters', 'cards.read', {
    stepUp: 'when stale',
    reveals: { data: ['cpf'], to: 'masked for Consulta' },
  }),
  radar: policy.company('cnpj and relationCode of the filters', 'cards.read', {
    stepUp: 'when stale',
    reveals: { data: ['cpf'], to: 'masked for Consulta' },
  }),
  audit: policy.company('cnpj and relationCode of the filters', 'audit.read', { stepUp: 'when stale' }),
  spend: policy.company('cnpj and relationCode of the filters', 'cards.read', { stepUp: ONE_CARD_EXEMPT }),
} as const satisfies Record<ExportKindName, Policy>;
export type ExportFiltersOf<K extends ExportKindName> = z.input<(typeof exportFilters)[K]>;
export const EXPORT_KINDS = Object.keys(exportFilters) as ExportKindName[];

export const exportTicketBody = z
  .strictObject({
    kind: z.string().regex(/^[a-z][a-z-]{0,29}$/, messages.exports.kindUnknown),
    filters: z.record(z.string(), z.unknown()),
  })
  .superRefine((body, ctx) => {
    // Own keys only: 'constructor' or 'toString' must be an unknown kind, not Object.prototype's.
    const schema = Object.hasOwn(exportFilters, body.kind)
      ? (exportFilters as Record<string, z.ZodType>)[body.kind]
      : undefined;
    if (!schema) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: messages.exports.kindUnknown });
      return;
    }
    const parsed = schema.safeParse(body.filters);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['filters', ...issue.path], message: issue.message });
      }
    }
  });

export const exportTicketResponse = z.object({
  /** Opaque, sealed by the provider, valid for about a minute and for one download. */
  ticket: z.string(),
  /** The data rows the file will hold (the header not counted): what the progress counts towards. */
  rows: z.number().int().min(0),
  /** The file's name, with its extension. */
  fileName: z.string(),
  /** When the ticket stops being accepted (ISO). */
  expiresAt: z.string(),
});

/** The ticket as the provider reads it from the BFF's download call: base64url segments of a compact JWE. */
export const exportTicket = z
  .string()
  .regex(/^[A-Za-z0-9_-]*(\.[A-Za-z0-9_-]*){4}$/)
  .max(4096);

export const exportSpecs = {
  exportTicket: {
    policy: policy.export('ticket'),
    body: exportTicketBody,
    response: exportTicketResponse,
    errors: ['COMPANY_NOT_FOUND', 'CARD_NOT_FOUND', 'INVOICE_NOT_FOUND', 'EXPORT_KIND_UNKNOWN', 'AUDIT_PERIOD_INVALID'],
  },
  exportDownload: {
    policy: policy.export('download', { audits: { trail: 'audit_log', actions: ['export.csv'] } }),
    headers: z.object({ exportticket: exportTicket }),
    /** text/csv; charset=utf-8, streamed: UTF-8 BOM, `;`, CRLF, 1.234,56, DD/MM/YYYY. */
    response: z.string(),
    errors: [
      'EXPORT_TICKET_INVALID',
      'EXPORT_TICKET_USED',
      'EXPORT_DOWNLOAD_ONLY',
      'COMPANY_NOT_FOUND',
      'CARD_NOT_FOUND',
      'INVOICE_NOT_FOUND',
    ],
  },
} as const satisfies Record<string, EndpointSpec>;
