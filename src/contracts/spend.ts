// The company's spend (issue 27, decision 118): every card's authorizations in one list, newest first, keyset-paged
// on (instant, id), with the screen's filters and their totals. Its schemas, its contract entry (route in routes.ts)
// and the filters of its CSV file (kind `spend`, exports.ts).
import { z } from 'zod';
import { searchText } from './card-search.ts';
import type { EndpointSpec } from './contract.ts';
import { cnpj, requiredText, uuid } from './fields.ts';
import { authorization } from './history-schemas.ts';
import { policy } from './policy.ts';
import { headerValues } from './schemas.ts';
import { spendMessages as m } from './spend-messages.ts';

/** Rows per page of the screen. */
export const SPEND_PAGE_SIZE = 50;
/** The period the screen opens with, in days back from today (Brasília days, as the audit trail's). */
export const SPEND_DEFAULT_DAYS = 30;
export const SPEND_STATUSES = ['APROVADA', 'NEGADA', 'CANCELADA'] as const;
export type SpendStatus = (typeof SPEND_STATUSES)[number];
export const SPEND_REGIONS = ['nacional', 'internacional'] as const;
export type SpendRegion = (typeof SPEND_REGIONS)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.periodInvalid)
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: m.periodInvalid,
    },
  );
/** An amount in centavos of R$ (the BFF lets only [A-Za-z0-9._~-] through a query value). */
const cents = z.string().regex(/^\d{1,13}$/, m.amountInvalid);
/** Where the next page starts: the last row's instant in microseconds since the epoch and its id, `1767225600000000~42`. */
export const spendCursor = z.string().regex(/^\d{1,17}~\d{1,19}$/, m.cursorInvalid);

const filterShape = {
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** A holder's name, a CPF or a card's last four digits, read as the cards search reads them. */
  q: searchText.optional(),
  /** One account: the card screen's history. */
  uuid: uuid.optional(),
  status: z.enum(SPEND_STATUSES, { error: m.statusInvalid }).optional(),
  region: z.enum(SPEND_REGIONS, { error: m.regionInvalid }).optional(),
  min: cents.optional(),
  max: cents.optional(),
};

type Ranged = { from?: string; to?: string; min?: string; max?: string };
const ranged = <T extends z.ZodType<Ranged>>(schema: T) =>
  schema
    .refine((f) => !f.from || !f.to || f.from <= f.to, { message: m.periodOrder, path: ['from'] })
    .refine((f) => f.min === undefined || f.max === undefined || BigInt(f.min) <= BigInt(f.max), {
      message: m.amountOrder,
      path: ['min'],
    });

export const spendQuery = ranged(
  z.object({
    ...filterShape,
    after: spendCursor.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  }),
);
export type SpendQuery = z.infer<typeof spendQuery>;
export type SpendFilters = Omit<SpendQuery, 'after' | 'limit'>;

export const spendRow = authorization.extend({
  /** `<authorization id>`: unique in the list. */
  id: z.string(),
  /** The holder's account: the card screen's address. */
  uuid: z.string(),
  holder: z.string(),
  /** The last four digits of the card that bought (the holder card's, a virtual card's). */
  last4: z.string(),
  /** What it held of the limit, in reais (a foreign purchase at the recorded rate). */
  valueBrl: z.number(),
  /** The status shown (spec section 4's mapping). */
  status: z.string(),
});
export type SpendRow = z.infer<typeof spendRow>;

const tally = z.object({ count: z.number().int(), cents: z.number().int() });
/** The whole filter's totals, in centavos of R$; answered with the first page only (null after). */
export const spendTotals = z.object({
  count: z.number().int(),
  approved: tally,
  denied: tally,
  cancelled: tally,
});
export type SpendTotals = z.infer<typeof spendTotals>;

export const spendResponse = z.object({
  transactions: z.array(spendRow),
  totals: spendTotals.nullable(),
  /** The period read, ISO dates (the defaults filled in). */
  from: z.string(),
  to: z.string(),
  next: spendCursor.nullable(),
});
export type SpendResponse = z.infer<typeof spendResponse>;

/** The file of the screen's filters, every page (kind `spend`). */
export const spendExportFilters = ranged(z.strictObject({ cnpj, relationCode: requiredText(20), ...filterShape }));

export const spendSpecs = {
  companyTransactions: {
    // Who may read the company's cards and their history may read its spend; no CPF goes out, so nothing to mask.
    policy: policy.company('cnpj and relationcode headers', 'cards.read'),
    headers: z.object({ cnpj: headerValues.cnpj, relationcode: headerValues.relationCode }),
    query: spendQuery,
    response: spendResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointSpec>;
