// Impact preview (issue 18.3): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
import { z } from 'zod';
import type { EndpointSpec } from './contract.ts';
import { last4 } from './fields.ts';
import { impactMessages } from './impact-messages.ts';
import { policy } from './policy.ts';

/** The three actions a preview is asked for: the block, the account cancel and the 2ª via. */
export const IMPACT_ACTIONS = ['block', 'cancel', 'secondCopy'] as const;
export type ImpactAction = (typeof IMPACT_ACTIONS)[number];

/**
 * A 2ª via is "on its way" for this many calendar days after it was requested: the ten business days Brazilian
 * issuers promise for a plastic to reach a company address (decision 082).
 */
export const SECOND_COPY_DELIVERY_DAYS = 15;

const money = z.number();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const cardImpactResponse = z.object({
  action: z.enum(IMPACT_ACTIONS),
  /** The day the preview counts from (São Paulo), YYYY-MM-DD. */
  today: isoDate,
  /** The account's approved authorizations that still hold the limit (limit-usage.ts): the limit screen's "used". */
  pendingAuthorizations: z.object({ count: z.number().int(), total: money }),
  /** Invoices due from today on: charges (DEN, DEI, DEB) less credits (CRE), per due date; payments left out. */
  openInvoices: z.object({
    /** 'card': the lines of this card's digits (block, 2ª via); 'account': every card of the account (cancel). */
    scope: z.enum(['card', 'account']),
    count: z.number().int(),
    total: money,
    dueDates: z.array(z.object({ dueDate: isoDate, count: z.number().int(), total: money })),
  }),
  limit: z.object({
    creditLimit: money,
    availableLimit: money,
    used: money,
    /** What the relationship gets back: the card's whole limit on a cancel, nothing otherwise. */
    returnsToRelationship: money,
    relationshipFreeNow: money,
    relationshipFreeAfter: money,
  }),
  secondCopy: z.object({
    onItsWay: z.boolean(),
    last4: z.string().nullable(),
    /** When the newest 2ª via was requested (ISO date-time), or null when none was requested through the portal. */
    requestedAt: z.string().nullable(),
    /** requestedAt + SECOND_COPY_DELIVERY_DAYS, YYYY-MM-DD. */
    expectedBy: isoDate.nullable(),
  }),
});
export type CardImpact = z.infer<typeof cardImpactResponse>;

export const impactSpecs = {
  cardImpact: {
    policy: policy.card('last4digits header', 'cards.read'),
    headers: z.object({ last4digits: last4 }),
    query: z.object({ action: z.enum(IMPACT_ACTIONS, { error: impactMessages.invalidAction }) }),
    response: cardImpactResponse,
    errors: ['CARD_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointSpec>;
