// The audit trail filtered by a card (decision 089): the card's own events and the audit rows about its account —
// a Consulta operator's CPF reveal of its holder — and nothing about another card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, auditResponse } from '../../contracts/audit.ts';
import { type BuiltCard, type BuiltCompany, buildCards, buildCompany, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let adminToken: string;
let consultaToken: string;
let company: BuiltCompany;
let revealed: BuiltCard;
let other: BuiltCard;
let CONSULTA: string;

async function trail(query: Record<string, string>): Promise<AuditEvent[]> {
  const res = await h.app.inject({
    method: 'GET',
    url: '/v1/audit/events',
    query,
    headers: { ...bearer(adminToken), cnpj: company.cnpj, relationcode: company.relationCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return auditResponse.parse(res.json()).events;
}

beforeAll(async () => {
  h = await createHarness();
  company = await buildCompany(h, { members: [DEMO.login] });
  ({ login: CONSULTA } = await buildUser(h, {
    companies: [{ company, profile: 'CONSULTA' }],
    password: DEMO.password,
  }));
  adminToken = await h.token(DEMO.login, DEMO.password);
  consultaToken = await h.token(CONSULTA, DEMO.password);
  [revealed, other] = (await buildCards(h, company, 2)) as [BuiltCard, BuiltCard];
  for (const holder of [revealed, other]) {
    const shown = await h.app.inject({
      method: 'GET',
      url: `/v1/accounts/cpf/${holder.account.id}`,
      headers: bearer(consultaToken),
    });
    expect(shown.statusCode, shown.body).toBe(200);
  }
});
afterAll(() => h.close());

describe('the audit trail of one card', () => {
  it('holds the reveal of its holder’s CPF, by the card’s digits or the CPF, and not the other card’s', async () => {
    for (const card of [revealed.card.last4, revealed.account.documentNumber]) {
      const events = await trail({ card });
      const reveals = events.filter((e) => e.action === 'cpf.reveal');
      expect(reveals, card).toHaveLength(1);
      expect(reveals[0]).toMatchObject({ actorLogin: CONSULTA, target: { last4: revealed.card.last4 } });
    }
    const all = await trail({ action: 'cpf.reveal' });
    expect(all.length).toBeGreaterThanOrEqual(2);
  });
});
