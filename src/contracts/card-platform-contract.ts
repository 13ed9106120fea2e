// The card platform's endpoints (spec section 7, layer 2): the operator's companies and their accounts, cards,
// holders, limits, history, invoices and proposals. One entry each, with its policy.
import { z } from 'zod';
import type { EndpointSpec } from './contract.ts';
import { PERSONAL_DATA_READ, policy, type StepUpCall } from './policy.ts';
import * as s from './schemas.ts';

const last4Headers = z.object({ last4digits: s.headerValues.last4digits });
const companyHeaders = z.object({ cnpj: s.headerValues.cnpj, relationcode: s.headerValues.relationCode });
const done = s.messageResponse;
/** A cancelled account's card answers PERMANENTLY_BLOCKED to the changes that check it. */
const CARD_CHANGE_ERRORS = ['CARD_NOT_FOUND'] as const;
/** The answers that carry holders' CPFs, masked for a profile without personal.read (decision 090). */
const HOLDER_CPF = { data: ['cpf'], to: 'masked for Consulta' } as const;
const HOLDER_CPF_AND_ADDRESS = { data: ['cpf', 'address'], to: 'masked for Consulta' } as const;
const cardEvent = (action: string) => ({ trail: 'card_events', actions: [action] }) as const;

/** Blocks for loss or theft cannot be lifted from the portal: they ask for a recent proof of identity (issue 25). */
const PERMANENT_BLOCK = {
  when: 'for a block by loss (P) or theft (R)',
  applies: ({ body }: StepUpCall) => ['P', 'R'].includes((body as { blockingReason?: string }).blockingReason ?? ''),
};

export const cardPlatformSpecs = {
  companies: { policy: policy.own(), response: s.companiesResponse },
  accounts: {
    policy: policy.company('cnpj and relationcode headers', 'cards.read', {
      reveals: HOLDER_CPF,
      audits: PERSONAL_DATA_READ,
    }),
    headers: companyHeaders.extend({
      startaccount: s.headerValues.startAccount.default(''),
      direction: s.headerValues.direction.default(''),
    }),
    response: s.accountsResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  corporateAccount: {
    policy: policy.company('cnpj and relationcode headers', 'cards.read'),
    headers: companyHeaders,
    response: s.corporateAccountResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  relationshipLimit: {
    policy: policy.company('cnpj and relationcode headers', 'cards.read'),
    headers: companyHeaders,
    response: s.relationshipLimitResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  cardsByDocument: {
    policy: policy.company('cnpj and relationcode headers', 'cards.read', {
      notFound: 'CARDS_NOT_FOUND',
      reveals: HOLDER_CPF,
      audits: PERSONAL_DATA_READ,
    }),
    headers: companyHeaders,
    response: s.cardsResponse,
    errors: ['CARDS_NOT_FOUND'],
  },
  cardsOfAccount: {
    policy: policy.card('holder card', 'cards.read', { reveals: HOLDER_CPF, audits: PERSONAL_DATA_READ }),
    response: s.cardsResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  holder: {
    policy: policy.card('holder card', 'cards.read', {
      notFound: 'HOLDER_NOT_FOUND',
      reveals: HOLDER_CPF_AND_ADDRESS,
      audits: PERSONAL_DATA_READ,
    }),
    response: s.accountData,
    errors: ['HOLDER_NOT_FOUND'],
  },
  blockCard: {
    policy: policy.card('last4 digits of the body', 'cards.write', {
      stepUp: PERMANENT_BLOCK,
      audits: cardEvent('BLOCK'),
    }),
    body: s.cardBlockBody,
    response: done,
    errors: [...CARD_CHANGE_ERRORS, 'CARD_ALREADY_BLOCKED', 'PERMANENTLY_BLOCKED'],
  },
  blockAccount: {
    policy: policy.card('last4 digits of the body', 'cards.write', {
      stepUp: 'when stale',
      audits: cardEvent('CANCEL_ACCOUNT'),
    }),
    body: s.accountBlockBody,
    response: done,
    errors: ['CARD_NOT_FOUND', 'ALREADY_CANCELLED'],
  },
  deactivateCard: {
    policy: policy.card('last4 digits of the body', 'cards.write', {
      stepUp: 'when stale',
      audits: cardEvent('DEACTIVATE'),
    }),
    body: s.last4Body,
    response: done,
    errors: [...CARD_CHANGE_ERRORS, 'PERMANENTLY_BLOCKED'],
  },
  activateCard: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('ACTIVATE') }),
    body: s.activationBody,
    response: done,
    errors: [...CARD_CHANGE_ERRORS, 'CARD_NOT_BLOCKED', 'PERMANENTLY_BLOCKED'],
  },
  consultCard: {
    policy: policy.card('last4digits header', 'cards.read'),
    headers: z.object({ last4digits: s.headerValues.last4digits, product: s.headerValues.product.optional() }),
    response: s.cardConsult,
    errors: ['CARD_NOT_FOUND'],
  },
  authorizationHistory: {
    policy: policy.cardIds('last4digits header', 'cards.read'),
    headers: last4Headers,
    response: s.authorizationHistoryResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  readLimit: {
    policy: policy.card('last4digits header', 'cards.read'),
    headers: last4Headers,
    response: s.limitResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  changeLimit: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('LIMIT_CHANGE') }),
    body: s.limitChangeBody,
    response: s.limitResponse,
    errors: [...CARD_CHANGE_ERRORS, 'PERMANENTLY_BLOCKED', 'LIMIT_NOT_POSITIVE', 'LIMIT_ABOVE_RELATIONSHIP'],
  },
  embossData: {
    policy: policy.card('last4digits header', 'cards.read'),
    headers: last4Headers,
    response: s.embossData,
    errors: ['CARD_NOT_FOUND'],
  },
  secondCopy: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('ISSUE_CARD_2_WAY') }),
    body: s.secondCopyBody,
    response: done,
    errors: [...CARD_CHANGE_ERRORS, 'ACCOUNT_CANCELLED'],
  },
  passwordReset: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('PASSWORD_RESET') }),
    body: s.passwordResetBody,
    response: done,
    errors: [...CARD_CHANGE_ERRORS, 'PERMANENTLY_BLOCKED'],
  },
  holderUpdate: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('HOLDER_UPDATE') }),
    body: s.holderUpdateBody,
    response: done,
    errors: CARD_CHANGE_ERRORS,
  },
  addressUpdate: {
    policy: policy.card('holder card', 'cards.write', { audits: cardEvent('ADDRESS_UPDATE') }),
    body: s.addressUpdateBody,
    response: done,
    errors: CARD_CHANGE_ERRORS,
  },
  invoiceDueDates: {
    policy: policy.cardIds('last4digits header', 'cards.read'),
    headers: last4Headers,
    response: s.invoiceDueDatesResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  invoiceTransactions: {
    policy: policy.cardIds('last4digits header', 'cards.read'),
    headers: last4Headers.extend({ duedate: s.headerValues.dueDate }),
    response: s.invoiceTransactionsResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  corporateInvoice: {
    policy: policy.company('cnpj header', 'cards.read'),
    headers: z.object({ cnpj: s.headerValues.cnpj, duedate: s.headerValues.dueDate }),
    response: s.corporateInvoice,
    errors: ['COMPANY_NOT_FOUND', 'INVOICE_NOT_FOUND'],
  },
  occurrence: {
    policy: policy.card('last4 digits of the body', 'cards.write', { audits: cardEvent('OCCURRENCE') }),
    body: s.occurrenceBody,
    response: done,
    errors: CARD_CHANGE_ERRORS,
  },
  proposal: {
    policy: policy.company('relationCode of the body', 'cards.write', {
      notFound: 'RELATIONSHIP_NOT_FOUND',
      audits: { trail: 'audit_log', actions: ['proposal.accepted'] },
    }),
    body: s.proposalBody,
    status: 201,
    response: s.proposalResponse,
    errors: ['RELATIONSHIP_NOT_FOUND', 'DUPLICATE_PROPOSAL', '38', '6'],
  },
  cepLookup: { policy: policy.own(), response: s.cepResponse, errors: ['CEP_NOT_FOUND', 'CEP_UNAVAILABLE'] },
} as const satisfies Record<string, EndpointSpec>;
