// The cards search (issue 27, decision 115): one text (a name, a CPF or a card's last four digits) and a status
// filter, keyset-paged like the account list. Its schemas and its contract entry (route in routes.ts).
import { z } from 'zod';
import { cardSearchMessages as m } from './card-search-messages.ts';
import { readSearchTerm, SEARCH_TERM_MAX, SEARCH_TERM_PATTERN, searchTermProblem } from './card-search-term.ts';
import { STATUS_FILTERS } from './card-state.ts';
import type { EndpointSpec } from './contract.ts';
import { PERSONAL_DATA_READ, policy } from './policy.ts';
import { headerValues, subAccount } from './schemas.ts';

/** A name, a masked or bare CPF, four digits (card-search-term.ts). */
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_TERM_MAX, m.termInvalid)
  .regex(SEARCH_TERM_PATTERN, m.termInvalid)
  // The digits' count, read the way the search reads the text.
  .superRefine((text, ctx) => {
    const problem = searchTermProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: m[problem] });
  });

/** Where the next page starts: the last row's account number. Opaque to the portal, which sends back what it got. */
export const searchCursor = z.string().regex(/^\d{1,19}$/, m.cursorInvalid);

export const statusFilter = z.enum(STATUS_FILTERS, { error: m.statusInvalid });

export const cardSearchQuery = z
  .object({ q: searchText.optional(), status: statusFilter.optional(), after: searchCursor.optional() })
  .refine((v) => readSearchTerm(v.q).kind !== 'none' || v.status !== undefined, m.criteriaRequired);
export type CardSearchQuery = z.infer<typeof cardSearchQuery>;

export const cardSearchResponse = z.object({
  /** The list's rows, in account order (the list's own order, decision 103). */
  subAccounts: z.array(subAccount),
  /** The cursor of the next page; null on the last one. */
  next: searchCursor.nullable(),
});
export type CardSearchResponse = z.infer<typeof cardSearchResponse>;

export const cardSearchSpecs = {
  cardSearch: {
    // The account list's own rule: who may list the company's cards may search them, CPFs masked alike.
    policy: policy.company('cnpj and relationcode headers', 'cards.read', {
      reveals: { data: ['cpf'], to: 'masked for Consulta' },
      audits: PERSONAL_DATA_READ,
    }),
    headers: z.object({ cnpj: headerValues.cnpj, relationcode: headerValues.relationCode }),
    query: cardSearchQuery,
    response: cardSearchResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointSpec>;
