// Invoices of the relationship (issue 5): its due dates, its own account, its limit and each closed invoice.
import { z } from 'zod';

/** Newest first; invoiceDueDate is 'YYYY-MM-DD'. */
export const invoiceDueDatesResponse = z.object({
  listInvoiceDueDate: z.array(z.object({ invoiceDueDate: z.string() })),
});

export type InvoiceDueDatesResponse = z.infer<typeof invoiceDueDatesResponse>;

/** The relationship's limit (decision 037): committed = its cards' limits (not CANCELADA), free = limit − committed. */
export const relationshipLimitResponse = z.object({
  relationshipLimit: z.number(),
  committedLimit: z.number(),
  freeLimit: z.number(),
});

export type RelationshipLimitResponse = z.infer<typeof relationshipLimitResponse>;

/** The relationship's own account (decision 022): its uuid and card are what the invoice calls use. */
export const corporateAccountResponse = z.object({
  uuid: z.string(),
  last4digits: z.string(),
  corporateName: z.string(),
  cnpj: z.string(),
  relationCode: z.string(),
});

const invoiceValue = z.number().nullable();

/** The spec's Invoice entity plus the "other" block (debits, credits, fees); null is a value not reported. */
export const corporateInvoice = z.object({
  dueDate: z.string(),
  totalInvoiceValue: invoiceValue,
  digitableLine: z.string().nullable(),
  previousInvoiceValue: invoiceValue,
  totalPaymentValue: invoiceValue,
  bsPaymentMinNotParcel: invoiceValue,
  expenditureInternationalValue: invoiceValue,
  totalDebitNationalValue: invoiceValue,
  withdrawalCashLimitInternationalValue: invoiceValue,
  withdrawalCashLimitNationalValue: invoiceValue,
  financialBurdenValue: invoiceValue,
  paidNotIntegralValue: invoiceValue,
  otherDebitsValue: invoiceValue,
  otherCreditsValue: invoiceValue,
  feesValue: invoiceValue,
  /** The Pix copia-e-cola of the total (static BR Code); absent when nothing is left to pay or Pix is off (077). */
  pixCopiaECola: z.string().min(1).max(512).optional(),
  /**
   * Not in the spec's entity (decision 120): aberta until its due date, paga once a later invoice recorded payments
   * of its whole total, vencida after its due date otherwise. Absent from an older provider.
   */
  state: z.enum(['aberta', 'paga', 'vencida']).optional(),
});

export type InvoiceState = 'aberta' | 'paga' | 'vencida';

export type CorporateAccountResponse = z.infer<typeof corporateAccountResponse>;

export type CorporateInvoice = z.infer<typeof corporateInvoice>;
