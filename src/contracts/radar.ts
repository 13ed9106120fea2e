// Lifecycle radar (issue 18.5): the feature's schemas and its endpoints' contract entries (routes in routes.ts).
import { z } from 'zod';
import type { EndpointSpec } from './contract.ts';
import { cnpj, requiredText } from './fields.ts';
import { PERSONAL_DATA_READ, policy } from './policy.ts';
import { radarMessages } from './radar-messages.ts';
import { subAccount } from './schemas.ts';

/** The lists of the radar, as they travel and as the web's route names them (/home/radar/:category). */
export const RADAR_CATEGORIES = ['lost-or-stolen', 'password-blocked', 'unused', 'expiring', 'pending'] as const;
export type RadarCategory = (typeof RADAR_CATEGORIES)[number];
export const radarCategory = z.enum(RADAR_CATEGORIES);

/** A card with no authorization for this many days is "sem uso" (Conta Simples blocks these automatically). */
export const RADAR_UNUSED_DAYS = 45;
/** A card whose plastic's last valid day falls within this many days is "vence em breve". */
export const RADAR_EXPIRING_DAYS = 60;
/** Rows per page of a radar list. */
export const RADAR_PAGE_SIZE = 50;
/** The longest filter term: a name part, a CPF (with or without its mask) or a card's last four digits. */
export const RADAR_FILTER_MAX = 40;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Where the next page starts: the last row's account number, and for the expiring list (sorted by expiry) its
 * expiry date first, `2026-01-31~7000000123`. Opaque to the web, which sends back what it received.
 */
export const radarCursor = z.string().regex(/^(\d{4}-\d{2}-\d{2}~)?\d{1,19}$/, radarMessages.cursorInvalid);

/**
 * Letters, digits, spaces, dots, hyphens and underscores: a name, a masked or bare CPF, four digits. The BFF lets
 * only [A-Za-z0-9._~-] through in a query value, so the portal sends it folded (radarFilterOnTheWire); the provider
 * compares names without accents or case, and reads `_` as a space.
 */
export const radarFilter = z
  .string()
  .trim()
  .max(RADAR_FILTER_MAX, radarMessages.filterInvalid)
  .regex(/^[\p{L}\d ._-]*$/u, radarMessages.filterInvalid);

export const radarCounts = z.object({
  'lost-or-stolen': z.number().int().nonnegative(),
  'password-blocked': z.number().int().nonnegative(),
  unused: z.number().int().nonnegative(),
  expiring: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type RadarCounts = z.infer<typeof radarCounts>;

export const radarResponse = z.object({
  counts: radarCounts,
  /** The day the counts are about (São Paulo time), ISO. */
  asOf: isoDate,
  unusedDays: z.number().int(),
  expiringDays: z.number().int(),
});
export type RadarResponse = z.infer<typeof radarResponse>;

/** A row of a radar list: the cards list's row (so it opens the card the same way) and the lifecycle dates. */
export const radarCard = subAccount.extend({
  /** The plastic's last valid day, ISO. */
  expiresOn: isoDate,
  /** The day of the account's newest authorization, ISO; null when it never had one. */
  lastUseOn: isoDate.nullable(),
  /** The day the card was requested through the portal (pending list only), ISO; null otherwise. */
  requestedOn: isoDate.nullable(),
});
export type RadarCard = z.infer<typeof radarCard>;

export const radarCardsResponse = z.object({
  category: radarCategory,
  cards: z.array(radarCard),
  /** The cursor of the next page; null on the last one. */
  next: radarCursor.nullable(),
});
export type RadarCardsResponse = z.infer<typeof radarCardsResponse>;

const companyHeaders = z.object({ cnpj, relationcode: requiredText(20) });

export const radarListQuery = z.object({
  category: radarCategory,
  after: radarCursor.optional(),
  filter: radarFilter.optional(),
});

/** The filters of the radar's CSV export (kind `radar`): the list on screen, its filter included. */
export const radarExportFilters = z.strictObject({
  cnpj,
  relationCode: requiredText(20),
  category: radarCategory,
  filter: radarFilter.optional(),
});

export const radarSpecs = {
  radar: {
    policy: policy.company('cnpj and relationcode headers', 'cards.read'),
    headers: companyHeaders,
    response: radarResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  radarCards: {
    policy: policy.company('cnpj and relationcode headers', 'cards.read', {
      reveals: { data: ['cpf'], to: 'masked for Consulta' },
      audits: PERSONAL_DATA_READ,
    }),
    headers: companyHeaders,
    query: radarListQuery,
    response: radarCardsResponse,
    errors: ['COMPANY_NOT_FOUND', 'RADAR_CURSOR_INVALID'],
  },
} as const satisfies Record<string, EndpointSpec>;
