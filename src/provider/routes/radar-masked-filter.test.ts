// The radar's filter for an operator who sees CPFs masked (decision 090): a CPF is found whole, or by the digits
// the mask shows, never by a longer start — which would tell the hidden digits one try at a time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RadarCard, radarCardsResponse } from '../../contracts/radar.ts';
import { portalUsers } from '../db/schema.ts';
import { radarExportKind } from '../exports/radar.ts';
import type { Principal } from '../services/sessions.ts';
import { type BuiltCompany, buildCard, buildCompany, buildUser } from '../test/builders/index.ts';
import { exportScope } from '../test/export-scope.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let adminToken: string;
let consultaToken: string;
let company: BuiltCompany;
let card: RadarCard;
let CONSULTA: string;

const list = async (token: string, filter?: string) => {
  const res = await h.app.inject({
    method: 'GET',
    url: '/v1/corporate/radar/cards',
    query: { category: 'unused', ...(filter ? { filter } : {}) },
    headers: { ...bearer(token), cnpj: company.cnpj, relationcode: company.relationCode },
  });
  expect(res.statusCode).toBe(200);
  return radarCardsResponse.parse(res.json()).cards;
};
const finds = async (token: string, filter: string) => (await list(token, filter)).some((c) => c.uuid === card.uuid);

beforeAll(async () => {
  h = await createHarness();
  h.clock.advance(Date.now() - h.clock().getTime());
  company = await buildCompany(h, { members: [DEMO.login] });
  ({ login: CONSULTA } = await buildUser(h, {
    companies: [{ company, profile: 'CONSULTA' }],
    password: DEMO.password,
  }));
  adminToken = await h.token(DEMO.login, DEMO.password);
  consultaToken = await h.token(CONSULTA, DEMO.password);
  // Issued 100 days ago and never used: on the unused list.
  const unused = await buildCard(h, company, { card: { createdAt: new Date(Date.now() - 100 * 86_400_000) } });
  const listed = (await list(adminToken)).find((c) => c.uuid === unused.account.id);
  if (!listed) throw new Error('the built card is not on the unused list');
  card = listed;
});
afterAll(() => h.close());

describe('the radar filter for Consulta', () => {
  it('finds a CPF whole or by the digits the mask shows, not by a longer start; the Administrador by any start', async () => {
    const cpf = card.documentNumber;
    expect(await finds(adminToken, cpf.slice(0, 6))).toBe(true);
    expect(await finds(adminToken, cpf.slice(0, 10))).toBe(true);

    expect(await finds(consultaToken, cpf)).toBe(true);
    expect(await finds(consultaToken, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toBe(
      true,
    );
    expect(await finds(consultaToken, cpf.slice(0, 3))).toBe(true);
    for (const length of [5, 6, 8, 10]) expect(await list(consultaToken, cpf.slice(0, length))).toEqual([]);
    // Four digits are still the card's last four.
    expect(await finds(consultaToken, card.last4Digits)).toBe(true);
    // The answer itself shows the CPF masked.
    expect((await list(consultaToken, cpf))[0]?.documentNumber).toMatch(/^\d{3}\.\*{3}\.\*{3}-\d{2}$/);
  });

  it('applies the same rule to the list as a file: its count and its rows', async () => {
    const [row] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, CONSULTA));
    const who = { userId: row?.id, login: row?.login, name: row?.name, sessionId: '' } as Principal;
    const filters = radarExportKind.filters.parse({
      cnpj: company.cnpj,
      relationCode: company.relationCode,
      category: 'unused',
      filter: card.documentNumber.slice(0, 7),
    });
    const rows: unknown[] = [];
    const scope = await exportScope(h.db, who, 'radar', filters);
    // A Consulta operator's file masks the CPF, so its filter matches the masked CPF only.
    expect(await radarExportKind.count(h.db, scope, filters, true)).toBe(0);
    for await (const batch of radarExportKind.rows(h.db, scope, filters, true)) rows.push(...batch);
    expect(rows).toEqual([]);
  });
});
