// The card network's side (issue 30): the real-time authorization question a purchase asks the platform. Not a
// portal endpoint — no operator, no session, no BFF: the network calls the provider with its own key
// (NETWORK_API_KEY, header x-network-key). The portal's demo-only simulation sends the same purchase down the same
// path, for one of the company's cards.
import { z } from 'zod';
import { last4, uuid } from './fields.ts';
import { LINE_TEXT } from './free-text.ts';
import { DECLINE_CODES, PURCHASE_CHANNELS } from './spending-controls.ts';

const merchantName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  // A merchant name is printed on screens and exports: no markup, no line breaks, no spreadsheet formulas.
  .regex(LINE_TEXT, 'Nome do estabelecimento inválido.');
const purchase = {
  amount: z.number().positive().max(1_000_000_000),
  merchantName,
  mcc: z.number().int().min(0).max(9999),
  merchantCountry: z.string().regex(/^[A-Z]{2}$/, 'País do estabelecimento inválido (ISO 3166, duas letras).'),
  channel: z.enum(PURCHASE_CHANNELS),
};

export const networkAuthorizationBody = z.object({
  /** The network's id of this question: the same id asked twice gets the first answer, and holds the limit once. */
  requestId: z.string().regex(/^[A-Za-z0-9._:-]{8,64}$/, 'requestId inválido.'),
  cardId: uuid,
  /** In reais: a foreign purchase comes converted at the network's rate, as it will be charged. */
  ...purchase,
  /** The original currency (ISO 4217), for the history's record. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('BRL'),
  /** When the purchase happened at the terminal; the day and month limits count in America/Sao_Paulo. */
  at: z.iso.datetime({ offset: true }),
});
export type NetworkAuthorizationBody = z.infer<typeof networkAuthorizationBody>;

export const networkAuthorizationResponse = z.object({
  requestId: z.string(),
  approved: z.boolean(),
  code: z.enum(['APPROVED', ...DECLINE_CODES]),
  /** The pt-BR reason, as the card's history shows it. */
  message: z.string(),
  authorizationNumber: z.string(),
});
export type NetworkAuthorizationResponse = z.infer<typeof networkAuthorizationResponse>;

/** The portal's simulation: the card is the scope's, the time is now, the request id is made up. */
export const simulatedPurchaseBody = z.object({ last4digits: last4, ...purchase });

/** The network's API, apart from the portal's contract: the BFF never forwards to it and the SPA never names it. */
export const NETWORK_ROUTES = {
  networkAuthorize: { method: 'POST', path: '/v1/network/authorizations' },
} as const;
export type NetworkEndpointName = keyof typeof NETWORK_ROUTES;
