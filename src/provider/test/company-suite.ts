// A suite about one company's portal calls: the harness made before its tests and closed after them, and a company of
// the suite's own (issue 26's builders) whose Administrador is the demo operator, signed in. Called at the top of the
// file; its fields are set by the time the file's own beforeAll hooks and its tests run (hooks run in the order they
// are registered, after hooks in the reverse order).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { cardControlsResponse, OPEN_CONTROLS, type SpendingControls } from '../../contracts/spending-controls.ts';
import { type BuiltCard, type BuiltCompany, buildCompany } from './builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from './harness.ts';

type CardControls = ReturnType<typeof cardControlsResponse.parse>;

export interface CompanySuite {
  h: Harness;
  company: BuiltCompany;
  /** The demo operator's bearer token. */
  token: string;
  /** The demo operator's bearer and the company's cnpj and relationcode, as the portal sends them. */
  companyHeaders(): Record<string, string>;
  /** GET /v1/cards/controls/{account}, answered 200: the card's controls and whose they are. */
  readCardControls(built: BuiltCard): Promise<CardControls>;
  /** PUT /v1/cards/controls/{account}: the card's own controls set (null: back to the company's default). */
  putCardControls(built: BuiltCard, controls: unknown): Promise<LightMyRequestResponse>;
  /** POST /v1/cards/controls/impact/{account}: the card's last 30 days replayed through `controls`. */
  cardImpact(built: BuiltCard, controls: unknown): Promise<LightMyRequestResponse>;
}

export function companySuite(): CompanySuite {
  const suite = {} as CompanySuite;
  suite.companyHeaders = () => ({
    ...bearer(suite.token),
    cnpj: suite.company.cnpj,
    relationcode: suite.company.relationCode,
  });
  const onCard = (method: 'PUT' | 'POST', path: string, built: BuiltCard, controls: unknown) =>
    suite.h.app.inject({
      method,
      url: `${path}/${built.account.id}`,
      headers: bearer(suite.token),
      payload: { last4digits: built.card.last4, controls },
    });
  suite.readCardControls = async (built) => {
    const res = await suite.h.app.inject({
      method: 'GET',
      url: `/v1/cards/controls/${built.account.id}`,
      headers: { ...bearer(suite.token), last4digits: built.card.last4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return cardControlsResponse.parse(res.json());
  };
  suite.putCardControls = (built, controls) => onCard('PUT', '/v1/cards/controls', built, controls);
  suite.cardImpact = (built, controls) => onCard('POST', '/v1/cards/controls/impact', built, controls);
  beforeAll(async () => {
    suite.h = await createHarness();
    suite.company = await buildCompany(suite.h, { members: [DEMO.login] });
    suite.token = await suite.h.token(DEMO.login, DEMO.password);
    // A harness on PGlite beside other suites on a shared, busy machine can take longer than the default hook time.
  }, 120_000);
  afterAll(() => suite.h?.close());
  return suite;
}

/** Open controls (nothing blocked, no maximum) but for what `over` sets. */
export const controlsWith = (over: Partial<SpendingControls>): SpendingControls => ({ ...OPEN_CONTROLS, ...over });
