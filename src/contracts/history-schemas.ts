// A card's history: its authorizations and the transactions of its invoices.
import { z } from 'zod';

export const authorization = z.object({
  /** ISO date-time */
  tmsInclH: z.string(),
  numAuthorization: z.string(),
  establishmentName: z.string(),
  qtdParcel: z.number(),
  coinCode: z.number(),
  mainValue: z.number(),
  descResponseTransaction: z.string(),
  descDrop: z.string(),
  transactionType: z.string(),
  /** Not in the spec's entity: what section 4's offline rule reads (decision 038); absent means online, verified. */
  capturedOffline: z.boolean().default(false),
  passwordValidated: z.boolean().default(true),
  /** Not in the spec's entity: the spending control that declined it (issue 30, decision 132); absent otherwise. */
  declineCode: z.string().optional(),
  /** Not in the spec's entity: what it held of the limit in R$ (a foreign purchase at the recorded rate), which the
   * history's amount filter reads (issue 27, decision 118); absent from an older provider. */
  valueBrl: z.number().optional(),
});

export const authorizationHistoryResponse = z.object({ authorizations: z.array(authorization) });

export const invoiceTransaction = z.object({
  abbreviationGroup: z.string(),
  /** YYYYMMDD */
  date: z.string(),
  /** Masked, last 4 only. */
  numCard: z.string(),
  description: z.string(),
  valueTransactionInternational: z.number(),
  valueTransactionNational: z.number(),
  numParcelOf: z.string(),
});

export const invoiceTransactionsResponse = z.object({ transactions: z.array(invoiceTransaction) });

export type Authorization = z.infer<typeof authorization>;

export type AuthorizationHistoryResponse = z.infer<typeof authorizationHistoryResponse>;

export type InvoiceTransaction = z.infer<typeof invoiceTransaction>;

export type InvoiceTransactionsResponse = z.infer<typeof invoiceTransactionsResponse>;
