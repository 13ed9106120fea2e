import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { accountsResponse, type ProposalBody, proposalResponse } from '../../contracts/schemas.ts';
import { validProposal } from '../../contracts/test/proposal-fixture.ts';
import { accounts, auditLog, cardEvents, cards, companies, proposals } from '../db/schema.ts';
import {
  type BuiltCompany,
  buildCard,
  buildCards,
  buildCompany,
  buildUser,
  freshCpf,
  holderIn,
  setRelationshipLimit,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

/** The demo operator's relationships: the main one, with R$ 500.000,00 free, and a tight one with R$ 1.000,00. */
let MAIN: BuiltCompany;
let TIGHT: BuiltCompany;
/** Another operator's relationship. */
let FOREIGN: BuiltCompany;
let otherLogin: string;
/** The main relationship's holders: live ones and a cancelled one. */
const HOLDERS = 5;

let h: Harness;
let token: string;

/** A fresh valid CPF per call. */
const nextCpf = freshCpf;

function proposal(overrides: Partial<ProposalBody> = {}): ProposalBody {
  return validProposal(MAIN.relationCode, overrides.documentNumber ?? nextCpf(), overrides);
}

const send = (body: unknown, documentNumber = (body as ProposalBody).documentNumber, auth = token) =>
  h.app.inject({
    method: 'POST',
    url: `/v2/proposal/corporate/${documentNumber}`,
    headers: { ...bearer(auth), systemname: 'spark' },
    payload: body as object,
  });

async function companyRow(relationCode: string) {
  const [row] = await h.db.select().from(companies).where(eq(companies.relationCode, relationCode));
  if (!row) throw new Error(`no company ${relationCode}`);
  return row;
}

const counts = async () => {
  const [a] = await h.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  const [c] = await h.db.select({ n: sql<number>`count(*)::int` }).from(cards);
  const [p] = await h.db.select({ n: sql<number>`count(*)::int` }).from(proposals);
  return { accounts: a?.n, cards: c?.n, proposals: p?.n };
};

beforeAll(async () => {
  h = await createHarness();
  MAIN = await buildCompany(h, { members: [DEMO.login] });
  await buildCards(h, MAIN, HOLDERS - 1, () => ({ creditLimit: '8000.00' }));
  await buildCard(h, MAIN, holderIn.cancelled());
  await setRelationshipLimit(h, MAIN, ((HOLDERS - 1) * 8000 + 500_000).toFixed(2));
  TIGHT = await buildCompany(h, { members: [DEMO.login] });
  await buildCards(h, TIGHT, 3, () => ({ creditLimit: '2500.00' }));
  await setRelationshipLimit(h, TIGHT, (3 * 2500 + 1000).toFixed(2));
  ({ login: otherLogin } = await buildUser(h, { password: DEMO.password }));
  FOREIGN = await buildCompany(h, { members: [otherLogin] });
  token = await h.token(DEMO.login, DEMO.password);
});
afterAll(() => h.close());

describe('POST /v2/proposal/corporate/{documentNumber}: success', () => {
  it('creates the account and its card, counts it, and the holder shows in the accounts list', async () => {
    const before = await companyRow(MAIN.relationCode);
    const body = proposal({
      logo: 2,
      clientName: 'Otávio\u00a0Lins Barreto',
      addressHomecomplement: 'Bloco B  Apto 12',
    });
    const res = await send(body);
    expect(res.statusCode).toBe(201);
    const created = proposalResponse.parse(res.json());
    expect(created.message).toBe('Proposta gerada com sucesso!');
    expect(created.proposalId).toBe(body.uuid);
    expect(created.last4digits).toMatch(/^\d{4}$/);

    const after = await companyRow(MAIN.relationCode);
    expect(after.totalSubAccounts).toBe(before.totalSubAccounts + 1);
    expect(after.totalSubAccounts).toBe(HOLDERS + 1);

    // The new account number is above every other of the company: it is the last row of the list.
    const page = await h.app.inject({
      method: 'GET',
      url: '/v1/corporate/accounts',
      headers: {
        ...bearer(token),
        cnpj: MAIN.cnpj,
        relationcode: MAIN.relationCode,
        startaccount: (BigInt(created.account) - 1n).toString(),
        direction: 'N',
      },
    });
    const list = accountsResponse.parse(page.json());
    expect(list.totalSubAccounts).toBe(HOLDERS + 1);
    expect(list.subAccounts).toHaveLength(1);
    expect(list.subAccounts[0]).toMatchObject({
      uuid: created.uuid,
      account: created.account,
      cardHolder: 'Otávio Lins Barreto',
      documentNumber: body.documentNumber,
      last4Digits: created.last4digits,
      cardStatus: 'active',
      cardBlockingCode: null,
      logo: 2,
    });

    const [account] = await h.db.select().from(accounts).where(eq(accounts.id, created.uuid));
    expect(account).toMatchObject({
      addressComplement: 'BlocoBApto12',
      state: 'SP',
      zipCode: '13010100',
      birthDate: '1988-02-29',
      creditLimit: '2500.00',
      statusDescription: 'NORMAL',
      mainAccount: 'N',
    });
    const [card] = await h.db.select().from(cards).where(eq(cards.accountId, created.uuid));
    expect(card).toMatchObject({ status: 'Actived', logo: 2, cardType: 'TITULAR', embossName: 'MARINA C ARAUJO' });
    const events = await h.db.select().from(cardEvents).where(eq(cardEvents.cardId, card!.id));
    expect(events.map((e) => e.action)).toEqual(['ISSUE']);
    expect(events[0]?.actorUserId).toBeTruthy();
    const [stored] = await h.db.select().from(proposals).where(eq(proposals.id, body.uuid));
    expect(stored?.accountId).toBe(created.uuid);
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `proposal:${body.uuid}`));
    expect(audit).toHaveLength(1);
  });

  it('accepts the commercial address when that is the chosen type', async () => {
    const res = await send(
      proposal({
        typeAddress: 'C',
        addressHome: '',
        addressHomeNumber: '',
        addressHomecomplement: '',
        district: '',
        cityHome: '',
        cityHomeCode: '',
        zipCode: '',
        addressWork: 'Avenida Paulista',
        addressNumberWork: '1000',
        addressWorkComplement: 'Sala 5',
        districtWork: 'Bela Vista',
        cityWork: 'São Paulo',
        cityCodeWork: 'SP',
        zipCodeWork: '01310100',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [account] = await h.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, proposalResponse.parse(res.json()).uuid));
    expect(account).toMatchObject({ address: 'Avenida Paulista', city: 'São Paulo', addressComplement: 'Sala5' });
  });

  it('refuses the same proposal sent twice and writes it once', async () => {
    const body = proposal();
    expect((await send(body)).statusCode).toBe(201);
    const before = await counts();
    const again = await send(body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.proposal.duplicate });
    expect(await counts()).toEqual(before);
  });
});

describe('code 6: the CPF may not receive a card in this relationship', () => {
  it('refuses a CPF that holds an active account of the company, and writes nothing', async () => {
    const [holder] = await h.db
      .select({ documentNumber: accounts.documentNumber })
      .from(accounts)
      .where(
        and(eq(accounts.companyId, (await companyRow(MAIN.relationCode)).id), eq(accounts.statusDescription, 'NORMAL')),
      )
      .limit(1);
    const before = await counts();
    const res = await send(proposal({ documentNumber: holder!.documentNumber }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Não foi possível solicitar cartão, CPF não autorizado para essa operação.',
      code: '6',
      errorCode: 6,
    });
    expect(await counts()).toEqual(before);
  });

  it('accepts a CPF whose only account of the company is CANCELADA', async () => {
    const [cancelled] = await h.db
      .select({ documentNumber: accounts.documentNumber })
      .from(accounts)
      .where(
        and(
          eq(accounts.companyId, (await companyRow(MAIN.relationCode)).id),
          eq(accounts.statusDescription, 'CANCELADA'),
        ),
      )
      .limit(1);
    expect(cancelled).toBeDefined();
    const res = await send(proposal({ documentNumber: cancelled!.documentNumber }));
    expect(res.statusCode).toBe(201);
  });

  it('a CPF just given a card may not get a second one', async () => {
    const body = proposal();
    expect((await send(body)).statusCode).toBe(201);
    const res = await send(proposal({ documentNumber: body.documentNumber }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('6');
  });
});

describe('code 38: the relationship has no available limit', () => {
  it('refuses a limit above what is free, accepts exactly what is free, then refuses even one real', async () => {
    const tight = await companyRow(TIGHT.relationCode);
    const [used] = await h.db
      .select({ total: sql<string>`coalesce(sum(${accounts.creditLimit}), 0)` })
      .from(accounts)
      .where(and(eq(accounts.companyId, tight.id), sql`${accounts.statusDescription} <> 'CANCELADA'`));
    const free = Math.round((Number(tight.relationshipLimit) - Number(used!.total)) * 100) / 100;
    expect(free).toBeGreaterThan(0);
    expect(free).toBeLessThanOrEqual(1000);

    const before = await counts();
    const over = await send(proposal({ relationCode: TIGHT.relationCode, creditLimit: free + 0.01 }));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      message: 'A relação proposta não tem limite disponível.',
      code: '38',
      errorCode: 38,
    });
    expect(await counts()).toEqual(before);

    expect((await send(proposal({ relationCode: TIGHT.relationCode, creditLimit: free }))).statusCode).toBe(201);
    const none = await send(proposal({ relationCode: TIGHT.relationCode, creditLimit: 1 }));
    expect(none.json().code).toBe('38');
  });

  it('refuses a limit above the main relationship’s free limit', async () => {
    const res = await send(proposal({ creditLimit: 9_000_000 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('38');
  });
});

describe('scope and validation', () => {
  it('refuses another company’s relationship with 404 and writes nothing', async () => {
    const before = await counts();
    const res = await send(proposal({ relationCode: FOREIGN.relationCode }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.proposal.relationshipNotFound, code: 'RELATIONSHIP_NOT_FOUND' });
    expect(await counts()).toEqual(before);
  });

  it('lets the other company’s own operator request a card there', async () => {
    const other = await h.token(otherLogin, DEMO.password);
    const res = await send(proposal({ relationCode: FOREIGN.relationCode }), undefined, other);
    expect(res.statusCode).toBe(201);
  });

  it('refuses a call without a session', async () => {
    const body = proposal();
    const res = await h.app.inject({
      method: 'POST',
      url: `/v2/proposal/corporate/${body.documentNumber}`,
      payload: body,
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a missing field', () => ({ ...proposal(), clientName: undefined }), 'clientName'],
    ['a name with a digit', () => proposal({ clientName: 'Marina 2 Costa' }), messages.proposal.invalidName],
    ['a one-word name', () => proposal({ clientName: 'Marina' }), messages.proposal.invalidName],
    ['a one-word mother name', () => proposal({ motherName: 'Helena' }), messages.proposal.invalidMotherName],
    [
      '29/02 of a year that is not leap',
      () => proposal({ birthDate: '1989-02-29' }),
      messages.proposal.invalidBirthDate,
    ],
    ['a due day of 32', () => proposal({ dayDue: 32 }), messages.proposal.invalidDueDay],
    ['a bad e-mail', () => proposal({ email: 'marina@' }), 'Email inválido'],
    ['a product other than 1 or 2', () => ({ ...proposal(), logo: 3 }), 'logo'],
    ['an empty residential address', () => proposal({ addressHome: '' }), messages.proposal.homeAddressRequired],
    ['an empty commercial address', () => proposal({ typeAddress: 'C' }), messages.proposal.workAddressRequired],
    ['a negative limit', () => proposal({ creditLimit: -10 }), 'creditLimit'],
  ])('refuses %s with 400 and a reason', async (_label, build, reason) => {
    const before = await counts();
    const res = await send(build());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_INPUT');
    expect(res.json().message).toContain(reason);
    expect(await counts()).toEqual(before);
  });

  it('refuses a path CPF that differs from the payload’s, or fails the check digits, or repeats one digit', async () => {
    const body = proposal();
    const other = nextCpf();
    const mismatch = await send(body, other);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(messages.proposal.documentMismatch);

    const wrongDigit = `${body.documentNumber.slice(0, 10)}${(Number(body.documentNumber[10]) + 1) % 10}`;
    const bad = await send({ ...body, documentNumber: wrongDigit }, wrongDigit);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('CPF inválido');

    const equal = await send({ ...body, documentNumber: '11111111111' }, '11111111111');
    expect(equal.statusCode).toBe(400);
    expect(equal.json().message).toBe('CPF inválido');
  });
});
