// Virtual cards (issue 30): a holder's card for online purchases, issued in one step — recurring, or for one
// purchase — with its own limit within the holder's and a validity. Its number, expiry and CVV are sealed under the
// master key; every screen, export and log shows its last four digits only, and the full data is answered to a
// profile with personal.read, after a recent proof of identity, once per audited reveal (PCI DSS 3.4.1).
import { z } from 'zod';
import type { EndpointSpec } from './contract.ts';
import { last4, requiredText, uuid } from './fields.ts';
import { LINE_TEXT } from './free-text.ts';
import { policy } from './policy.ts';

export const VIRTUAL_KINDS = ['RECORRENTE', 'UMA_COMPRA'] as const;
export type VirtualKind = (typeof VIRTUAL_KINDS)[number];
/** How long a revealed number stays on screen. */
export const REVEAL_SECONDS = 60;

const label = requiredText(40).regex(LINE_TEXT, 'Descrição inválida.');

export const issueVirtualBody = z.object({
  /** The holder card's last four digits (the card scope). */
  last4digits: last4,
  label,
  kind: z.enum(VIRTUAL_KINDS),
  /** In reais: at most the holder card's credit limit. */
  limit: z.number().positive('Informe um limite maior que zero.').max(9_999_999_999_999),
  /** 1 to 24 months. */
  validityMonths: z.number().int().min(1).max(24),
});

export const virtualCard = z.object({
  id: uuid,
  last4: z.string(),
  label: z.string(),
  kind: z.enum(VIRTUAL_KINDS),
  limit: z.number(),
  /** What it has approved and not yet released, in reais. */
  used: z.number(),
  /** YYYY-MM-DD, the last day it buys. */
  expiresOn: z.string(),
  status: z.enum(['ATIVO', 'CANCELADO', 'USADO', 'VENCIDO']),
});
export type VirtualCard = z.infer<typeof virtualCard>;

export const virtualCardsResponse = z.object({ virtualCards: z.array(virtualCard) });
export const virtualCardBody = z.object({ last4digits: last4, virtualCardId: uuid });

export const revealVirtualResponse = z.object({
  id: uuid,
  /** 16 digits. */
  pan: z.string().regex(/^\d{16}$/),
  /** MM/AA */
  expiry: z.string().regex(/^\d{2}\/\d{2}$/),
  cvv: z.string().regex(/^\d{3}$/),
  visibleForSeconds: z.literal(REVEAL_SECONDS),
});
export type RevealVirtualResponse = z.infer<typeof revealVirtualResponse>;

const cardEvent = (action: string) => ({ trail: 'card_events', actions: [action] }) as const;

export const virtualCardSpecs = {
  virtualCards: {
    policy: policy.card('last4digits header', 'cards.read'),
    headers: z.object({ last4digits: last4 }),
    response: virtualCardsResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  issueVirtualCard: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('VIRTUAL_ISSUE') }),
    body: issueVirtualBody,
    status: 201,
    response: virtualCard,
    errors: ['CARD_NOT_FOUND', 'PERMANENTLY_BLOCKED', 'VIRTUAL_LIMIT_ABOVE_HOLDER'],
  },
  cancelVirtualCard: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('VIRTUAL_CANCEL') }),
    body: virtualCardBody,
    response: virtualCard,
    errors: ['CARD_NOT_FOUND', 'VIRTUAL_CARD_NOT_FOUND', 'VIRTUAL_CARD_CLOSED'],
  },
  /** The full number, expiry and CVV, once: a recent proof of identity and an audit row each time. */
  revealVirtualCard: {
    policy: policy.card('last4 digits of the body', 'personal.read', {
      stepUp: 'when stale',
      reveals: { data: ['pan'], to: 'in full' },
      audits: { trail: 'audit_log', actions: ['virtual-card.reveal'] },
    }),
    body: virtualCardBody,
    response: revealVirtualResponse,
    errors: ['CARD_NOT_FOUND', 'VIRTUAL_CARD_NOT_FOUND', 'VIRTUAL_CARD_CLOSED'],
  },
} as const satisfies Record<string, EndpointSpec>;
