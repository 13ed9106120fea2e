// Spending controls (issue 30): well-formed calls naming the target's card and company. Open controls and a removed
// default: an accepted call leaves the card spending as before.
import { OPEN_CONTROLS } from '../contracts/spending-controls.ts';
import type { Target } from './seeded-target.ts';

const card = (t: Target) => ({ params: { uuid: t.account.uuid }, headers: {} });
const company = (t: Target) => ({ cnpj: t.company.cnpj, relationcode: t.company.relationCode });

export const SPENDING_AIM = {
  cardControls: (t: Target) => ({ params: { uuid: t.account.uuid }, headers: { last4digits: t.account.last4 } }),
  changeCardControls: (t: Target) => ({ ...card(t), body: { last4digits: t.account.last4, controls: OPEN_CONTROLS } }),
  cardControlsImpact: (t: Target) => ({ ...card(t), body: { last4digits: t.account.last4, controls: OPEN_CONTROLS } }),
  companyControls: (t: Target) => ({ params: {}, headers: company(t) }),
  changeCompanyControls: (t: Target) => ({ params: {}, headers: company(t), body: { controls: null } }),
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
