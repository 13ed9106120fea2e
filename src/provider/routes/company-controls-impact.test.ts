// The company default's 30-day preview (issue 30): every card that follows the default (no controls of its own,
// still able to buy) replayed through the proposed controls — how many purchases they would decline and by which
// control, the same figures the card's own preview gives for each card — nothing written, another company refused.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companyControlsImpactResponse,
  controlsImpactResponse,
  OPEN_CONTROLS,
  type SpendingControls,
} from '../../contracts/spending-controls.ts';
import { type BuiltCard, buildCard, buildCompany, buildPurchase, holderIn } from '../test/builders/index.ts';
import { companySuite, controlsWith } from '../test/company-suite.ts';
import { bearer } from '../test/harness.ts';

const suite = companySuite();
let follower: BuiltCard;
const DAY = 86_400_000;

const headersOf = (c: { cnpj: string; relationCode: string }) => ({
  ...bearer(suite.token),
  cnpj: c.cnpj,
  relationcode: c.relationCode,
});
const preview = (c: SpendingControls | null, of = suite.company) =>
  suite.h.app.inject({
    method: 'POST',
    url: '/v1/corporate/controls/impact',
    headers: headersOf(of),
    payload: { controls: c },
  });
const figures = async (c: SpendingControls | null) => {
  const res = await preview(c);
  expect(res.statusCode, res.body).toBe(200);
  return companyControlsImpactResponse.parse(res.json());
};

beforeAll(async () => {
  const now = suite.h.clock().getTime();
  const at = (daysAgo: number, hour = 0) => new Date(now - daysAgo * DAY + hour * 3_600_000);
  // Follows the default: a bet, and two meals the same day (one before issue 30: no card on the row).
  follower = await buildCard(suite.h, suite.company);
  await buildPurchase(suite.h, follower, { at: at(10), value: '100.00', mcc: 7995, cardId: follower.card.id });
  await buildPurchase(suite.h, follower, { at: at(9), value: '300.00', mcc: 5812 });
  await buildPurchase(suite.h, follower, { at: at(9, 1), value: '50.00', mcc: 5812, cardId: follower.card.id });
  // Outside the 30 days.
  await buildPurchase(suite.h, follower, { at: at(40), value: '900.00', mcc: 7995, cardId: follower.card.id });
  // Follows the default, bought nothing.
  await buildCard(suite.h, suite.company);
  // Has controls of its own: the default does not reach it.
  const own = await buildCard(suite.h, suite.company);
  await buildPurchase(suite.h, own, { at: at(3), value: '80.00', mcc: 7995, cardId: own.card.id });
  const put = await suite.putCardControls(own, OPEN_CONTROLS);
  expect(put.statusCode, put.body).toBe(200);
  // Cancelled and blocked for good: they buy nothing whatever the default says.
  for (const state of [holderIn.cancelled(), holderIn.permanentlyBlocked()]) {
    const gone = await buildCard(suite.h, suite.company, state);
    await buildPurchase(suite.h, gone, { at: at(5), value: '70.00', mcc: 7995, cardId: gone.card.id });
  }
  // A harness on PGlite beside other suites on a shared, busy machine can take longer than the default hook time.
}, 120_000);

describe('the company default’s 30-day preview', () => {
  it('counts, over the cards that follow the default, what the controls would decline and by which control', async () => {
    expect(await figures(controlsWith({ blockedGroups: ['apostas'], dailyLimit: 320 }))).toEqual({
      cards: 2,
      approved: 3,
      wouldDecline: 2,
      byControl: [
        { code: 'GROUP_BLOCKED', count: 1 },
        { code: 'OVER_DAILY', count: 1 },
      ],
    });
    expect(await figures(controlsWith({ maxPerPurchase: 90 }))).toEqual({
      cards: 2,
      approved: 3,
      wouldDecline: 2,
      byControl: [{ code: 'OVER_PER_PURCHASE', count: 2 }],
    });
    // No default: the cards buy as their limit allows.
    expect(await figures(null)).toEqual({ cards: 2, approved: 3, wouldDecline: 0, byControl: [] });
  });

  it('gives, for a card, the figures the card’s own preview gives (one rule)', async () => {
    const proposed = controlsWith({ blockedGroups: ['apostas'], dailyLimit: 320 });
    const card = await suite.cardImpact(follower, proposed);
    expect(card.statusCode, card.body).toBe(200);
    const { cards: _cards, ...companyFigures } = await figures(proposed);
    expect(controlsImpactResponse.parse(card.json())).toEqual(companyFigures);
  });

  it('writes nothing: the company keeps no default after a preview', async () => {
    expect((await figures(controlsWith({ online: false }))).cards).toBe(2);
    const read = await suite.h.app.inject({
      method: 'GET',
      url: '/v1/corporate/controls',
      headers: headersOf(suite.company),
    });
    expect(read.json()).toEqual({ controls: null });
  });

  it('refuses another company’s preview as not found, and bad controls with their reason', async () => {
    const other = await buildCompany(suite.h);
    const otherCard = await buildCard(suite.h, other);
    await buildPurchase(suite.h, otherCard, {
      at: suite.h.clock(),
      value: '10.00',
      mcc: 7995,
      cardId: otherCard.card.id,
    });
    const res = await preview(controlsWith({ blockedGroups: ['apostas'] }), other);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('COMPANY_NOT_FOUND');
    const bad = await preview({ ...OPEN_CONTROLS, maxPerPurchase: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Informe um valor maior que zero ou deixe em branco.');
  });
});
