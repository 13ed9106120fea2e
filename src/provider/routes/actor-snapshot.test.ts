// Every record of who did what keeps naming its actor after the actor's user is deleted: the audit log, card
// events, occurrences and proposals carry a snapshot (login and name) that nothing clears.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProposal } from '../../contracts/test/proposal-fixture.ts';
import { auditLog, cardEvents, occurrences, portalUsers, proposals } from '../db/schema.ts';
import { buildCard, buildCompany, freshCpf } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const actorsOf = async (login: string) => ({
  audit: await h.db.select().from(auditLog).where(eq(auditLog.actorLogin, login)),
  events: await h.db.select().from(cardEvents).where(eq(cardEvents.actorLogin, login)),
  occurrences: await h.db.select().from(occurrences).where(eq(occurrences.actorLogin, login)),
  proposals: await h.db.select().from(proposals).where(eq(proposals.actorLogin, login)),
});

describe('actor snapshots', () => {
  it("keep a deleted operator's login and name on every record they left", async () => {
    // An operator of a company with a live holder, which the demo operator administers too.
    const company = await buildCompany(h, { members: [DEMO.login] });
    const holder = await buildCard(h, company);
    const operator = await h.createUser({ company });
    const [me] = await h.db.select().from(portalUsers).where(eq(portalUsers.login, operator.login));
    if (!me) throw new Error('operator not created');
    const token = await h.token(operator.login, operator.password);
    const auth = bearer(token);

    // A card event and an occurrence (second copy), a proposal with its audit row, and a user created.
    const copy = await h.app.inject({
      method: 'POST',
      url: `/v1/cards/issue/2way/${holder.account.id}`,
      headers: auth,
      payload: {
        last4digits: holder.card.last4,
        reasonReissueCard: 'P',
        embossName: holder.card.embossName,
        deficiencyVisualdescription: '',
        line4Emboss: '',
      },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const proposal = validProposal(company.relationCode, freshCpf(), { creditLimit: 100 });
    const proposed = await h.app.inject({
      method: 'POST',
      url: `/v2/proposal/corporate/${proposal.documentNumber}`,
      headers: { ...auth, systemname: 'spark' },
      payload: proposal,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const created = await h.app.inject({
      method: 'POST',
      url: '/v0/portal/usuario/',
      headers: { ...auth, cnpj: company.cnpj },
      payload: {
        login: 'criado.pelo.operador',
        numCelular: 912345678,
        nomeUsuario: 'Criado Pelo Operador',
        numeroDocumento: freshCpf(),
        ddd: 11,
        ddi: 55,
        listaPerfis: [''],
        email: 'criado.pelo.operador@example.com',
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);

    const before = await actorsOf(operator.login);
    expect(before.events.length).toBeGreaterThanOrEqual(2);
    expect(before.occurrences).toHaveLength(1);
    expect(before.proposals).toHaveLength(1);
    expect(before.audit.length).toBeGreaterThanOrEqual(2);

    // A colleague deactivates and deletes the operator, as the users screen does.
    const demo = bearer(await h.token(DEMO.login, DEMO.password));
    const off = await h.app.inject({
      method: 'PUT',
      url: `/v0/portal/usuario/status/${me.document}`,
      headers: demo,
      payload: { status: 'INATIVO' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const gone = await h.app.inject({
      method: 'DELETE',
      url: `/v0/portal/usuario/${me.document}`,
      headers: { ...demo, 'content-type': 'application/json' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await h.db.select().from(portalUsers).where(eq(portalUsers.id, me.id))).toHaveLength(0);

    const after = await actorsOf(operator.login);
    for (const rows of [after.audit, after.events, after.occurrences, after.proposals]) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatchObject({ actorUserId: null, actorLogin: operator.login, actorName: me.name });
      }
    }
    expect(after.events.map((e) => e.id)).toEqual(before.events.map((e) => e.id));
    expect(after.audit.map((e) => e.id)).toEqual(before.audit.map((e) => e.id));
  });

  it('cannot be cleared or rewritten by an update', async () => {
    const [row] = await h.db.select().from(cardEvents).where(sql`${cardEvents.actorLogin} is not null`).limit(1);
    if (!row) throw new Error('no card event with an actor');
    // card_events is append-only (decision 125): the update is refused outright, the snapshot stays.
    await expect(
      h.db.update(cardEvents).set({ actorLogin: null, actorName: 'Outra Pessoa' }).where(eq(cardEvents.id, row.id)),
    ).rejects.toMatchObject({ cause: { message: 'card_events is append-only (UPDATE)' } });
    const [again] = await h.db.select().from(cardEvents).where(eq(cardEvents.id, row.id));
    expect(again).toMatchObject({ actorLogin: row.actorLogin, actorName: row.actorName });
  });
});
