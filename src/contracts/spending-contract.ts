// Spending controls (issue 30): the portal's endpoints, one entry each with its policy. The card network's own
// authorization call is not the portal's: it lives in network.ts, behind its own key.
import { z } from 'zod';
import type { EndpointSpec } from './contract.ts';
import { networkAuthorizationResponse, simulatedPurchaseBody } from './network.ts';
import { policy } from './policy.ts';
import { headerValues } from './schemas.ts';
import {
  cardControlsBody,
  cardControlsResponse,
  companyControlsBody,
  companyControlsImpactResponse,
  companyControlsResponse,
  controlsImpactResponse,
} from './spending-controls.ts';

const last4Headers = z.object({ last4digits: headerValues.last4digits });
const companyHeaders = z.object({ cnpj: headerValues.cnpj, relationcode: headerValues.relationCode });

export const spendingSpecs = {
  cardControls: {
    policy: policy.card('last4digits header', 'cards.read'),
    headers: last4Headers,
    response: cardControlsResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  changeCardControls: {
    policy: policy.card('last4 digits of the body', 'cards.write', {
      audits: { trail: 'card_events', actions: ['CONTROLS_CHANGE'] },
    }),
    body: cardControlsBody,
    response: cardControlsResponse,
    errors: ['CARD_NOT_FOUND', 'PERMANENTLY_BLOCKED'],
  },
  /** How many of the card's approved purchases of the last 30 days the controls would have declined; writes nothing. */
  cardControlsImpact: {
    policy: policy.card('last4 digits of the body', 'cards.write'),
    body: cardControlsBody,
    response: controlsImpactResponse,
    errors: ['CARD_NOT_FOUND'],
  },
  companyControls: {
    policy: policy.company('cnpj and relationcode headers', 'cards.read'),
    headers: companyHeaders,
    response: companyControlsResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  /**
   * What the proposed default would have declined in the last 30 days of every card that follows it (no controls of
   * its own, still able to buy); writes nothing, so no proof of identity: the change itself asks for it.
   */
  companyControlsImpact: {
    policy: policy.company('cnpj and relationcode headers', 'cards.write'),
    headers: companyHeaders,
    body: companyControlsBody,
    response: companyControlsImpactResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  /** Every card without controls of its own follows these: a recent proof of identity, like whole-company exports. */
  changeCompanyControls: {
    policy: policy.company('cnpj and relationcode headers', 'cards.write', {
      stepUp: 'when stale',
      audits: { trail: 'audit_log', actions: ['controls.company'] },
    }),
    headers: companyHeaders,
    body: companyControlsBody,
    response: companyControlsResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  /** Demo only (FIDIS_MODE=demo): a purchase sent down the network's authorization path, for a person to watch. */
  simulatePurchase: {
    policy: policy.card('last4 digits of the body', 'cards.write'),
    body: simulatedPurchaseBody,
    response: networkAuthorizationResponse,
    errors: ['CARD_NOT_FOUND', 'NOT_IN_DEMO'],
  },
} as const satisfies Record<string, EndpointSpec>;
