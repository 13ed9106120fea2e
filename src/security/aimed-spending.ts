// Spending controls (issue 30): well-formed calls naming the target's card and company. Open controls and a removed
// default: an accepted call leaves the card spending as before.
import { OPEN_CONTROLS } from '../contracts/spending-controls.ts';
import type { Target } from './seeded-target.ts';

const card = (t: Target) => ({ params: { uuid: t.account.uuid }, headers: {} });
const company = (t: Target) => ({ cnpj: t.company.cnpj, relationcode: t.company.relationCode });

const NO_CARD = '00000000-0000-4000-8000-00000000c0de';

export const SPENDING_AIM = {
  cardControls: (t: Target) => ({ params: { uuid: t.account.uuid }, headers: { last4digits: t.account.last4 } }),
  changeCardControls: (t: Target) => ({ ...card(t), body: { last4digits: t.account.last4, controls: OPEN_CONTROLS } }),
  cardControlsImpact: (t: Target) => ({ ...card(t), body: { last4digits: t.account.last4, controls: OPEN_CONTROLS } }),
  companyControls: (t: Target) => ({ params: {}, headers: company(t) }),
  companyControlsImpact: (t: Target) => ({ params: {}, headers: company(t), body: { controls: OPEN_CONTROLS } }),
  changeCompanyControls: (t: Target) => ({ params: {}, headers: company(t), body: { controls: null } }),
  virtualCards: (t: Target) => ({ params: { uuid: t.account.uuid }, headers: { last4digits: t.account.last4 } }),
  issueVirtualCard: (t: Target) => ({
    ...card(t),
    body: { last4digits: t.account.last4, label: 'Teste', kind: 'RECORRENTE', limit: 1, validityMonths: 1 },
  }),
  // A virtual card the target does not have: allowed calls answer its own 404, refused ones change nothing.
  cancelVirtualCard: (t: Target) => ({ ...card(t), body: { last4digits: t.account.last4, virtualCardId: NO_CARD } }),
  revealVirtualCard: (t: Target) => ({ ...card(t), body: { last4digits: t.account.last4, virtualCardId: NO_CARD } }),
  simulatePurchase: (t: Target) => ({
    ...card(t),
    body: {
      last4digits: t.account.last4,
      amount: 1,
      merchantName: 'TESTE',
      mcc: 5812,
      merchantCountry: 'BR',
      channel: 'PRESENCIAL',
    },
  }),
};
