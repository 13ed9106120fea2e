import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { accountData } from '../../contracts/schemas.ts';
import { validHolderUpdate } from '../../contracts/test/holder-fixture.ts';
import { accounts, cardEvents, portalUsers } from '../db/schema.ts';
import { birthDateFrom } from '../services/holders.ts';
import { type BuiltCard, type BuiltCompany, buildCard, buildCompany, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let demoToken: string;
let otherToken: string;
let demoUserId: string;
/** The demo operator's company, whose holders the tests change. */
let companyOfRows: BuiltCompany;

type Row = BuiltCard;

beforeAll(async () => {
  h = await createHarness();
  companyOfRows = await buildCompany(h, { members: [DEMO.login] });
  // The operator of another company (C), who acts for no company of the demo operator's.
  const other = await buildUser(h, { password: DEMO.password });
  await buildCompany(h, { members: [other.login] });
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(other.login, DEMO.password);
  const [demo] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, DEMO.login));
  demoUserId = (demo as { id: string }).id;
});
afterAll(() => h.close());

/** A holder of the demo operator's company, built for the test that takes it. */
const take = () => buildCard(h, companyOfRows);

const holderBody = (row: Row, overrides: Record<string, unknown> = {}) => validHolderUpdate(row.card.last4, overrides);

const addressBody = (overrides: Record<string, unknown> = {}) => ({
  addressHome: 'Avenida Paulista',
  addressHomeNumber: '1578',
  addressHomeComplement: 'Conjunto 42',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310200',
  ...overrides,
});

const put = (url: string, payload: object, token = demoToken) =>
  h.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
const updateHolder = (row: Row, body: object, token = demoToken) =>
  put(`/v1/client/account/${row.account.id}`, body, token);
const updateAddress = (row: Row, body: object, token = demoToken) =>
  put(`/v1/client/address/${row.account.id}`, body, token);

const accountOf = async (row: Row) =>
  (await h.db.select().from(accounts).where(eq(accounts.id, row.account.id)))[0] as typeof accounts.$inferSelect;
const eventsOf = (row: Row) =>
  h.db.select().from(cardEvents).where(eq(cardEvents.cardId, row.card.id)).orderBy(asc(cardEvents.id));
const holderData = async (row: Row) =>
  accountData.parse(
    (
      await h.app.inject({ method: 'GET', url: `/v1/accounts/data/${row.account.id}`, headers: bearer(demoToken) })
    ).json(),
  );

describe('birth dates (DDMMYYYY)', () => {
  const today = new Date('2026-03-02T12:00:00Z');
  it('accepts real dates, leap days of leap years included', () => {
    expect(birthDateFrom('29021988', today)).toBe('1988-02-29');
    expect(birthDateFrom('29022000', today)).toBe('2000-02-29');
    expect(birthDateFrom('31121999', today)).toBe('1999-12-31');
    expect(birthDateFrom('02032026', today)).toBe('2026-03-02');
  });
  it('refuses impossible, future and implausibly old dates', () => {
    for (const d of ['29021900', '29022023', '31042000', '00012000', '15132000', '03032026', '31121899', '1234567']) {
      expect(birthDateFrom(d, today)).toBeNull();
    }
  });
});

describe('holder update (PUT /v1/client/account/{uuid})', () => {
  it('updates every field, answers the spec’s confirmation and records before and after', async () => {
    const row = await take();
    const res = await updateHolder(row, holderBody(row));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.cardApi.holderUpdated });
    expect(await accountOf(row)).toMatchObject({
      holderName: 'João Pedro Albuquerque',
      motherName: 'Maria Aparecida Santos',
      birthDate: '1988-02-29',
      email: 'joao.albuquerque@exemplo.com.br',
      phoneDdd: '11',
      phoneNumber: '33334444',
      cellDdd: '21',
      cellPhone: '987654321',
      gender: 'O',
      // The address is not touched.
      zipCode: row.account.zipCode,
    });
    expect(await holderData(row)).toMatchObject({
      clientNameHolder: 'João Pedro Albuquerque',
      birthDate: '29021988',
      ddd: '11',
      phoneNumber: '33334444',
    });
    const [event, ...more] = await eventsOf(row);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      action: 'HOLDER_UPDATE',
      actorUserId: demoUserId,
      at: h.clock(),
      before: { name: row.account.holderName, birthDate: row.account.birthDate, email: row.account.email },
      after: { name: 'João Pedro Albuquerque', birthDate: '1988-02-29', gender: 'O' },
    });
  });

  it('refuses a birth date that is not a real date with a reason', async () => {
    const row = await take();
    for (const birthDate of ['29022023', '31062000', '01012027']) {
      const res = await updateHolder(row, holderBody(row, { birthDate }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.cardApi.invalidBirthDate, code: 'INVALID_INPUT' });
    }
    expect(await accountOf(row)).toEqual(row.account);
    expect(await eventsOf(row)).toHaveLength(0);
  });

  it('answers 400 naming the field for missing or malformed fields, never 500', async () => {
    const row = await take();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(41) }, 'name'],
      [{ motherName: '   ' }, 'motherName'],
      [{ motherName: 'x'.repeat(31) }, 'motherName'],
      [{ email: 'sem-arroba' }, 'email'],
      [{ phoneNumber: '1234567' }, 'phoneNumber'],
      [{ dddPhone: '' }, 'dddPhone'],
      [{ cellPhoneNumber: '9876-5432' }, 'cellPhoneNumber'],
      [{ dddCellPhone: '1' }, 'dddCellPhone'],
      [{ gender: 'X' }, 'gender'],
      [{ birthDate: '1988-02-29' }, 'birthDate'],
      [{ last4digits: undefined }, 'last4digits'],
    ];
    for (const [override, field] of cases) {
      const res = await updateHolder(row, holderBody(row, override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(`"${field}"`);
    }
    expect(await accountOf(row)).toEqual(row.account);
  });

  it('answers 404 for digits that are not the account’s card', async () => {
    const row = await take();
    const other = await take();
    const digits = other.card.last4 === row.card.last4 ? '0000' : other.card.last4;
    const res = await updateHolder(row, holderBody(row, { last4digits: digits }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CARD_NOT_FOUND');
  });
});

describe('one truth about a holder’s name (issue 13, item 2)', () => {
  it('every read that carries the name answers the edited one at once', async () => {
    const row = await take();
    const name = 'Portador Renomeado Unico';
    expect((await updateHolder(row, holderBody(row, { name }))).statusCode).toBe(200);
    const get = (url: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url, headers: { ...bearer(demoToken), ...headers } });
    const company = { cnpj: companyOfRows.cnpj, relationcode: companyOfRows.relationCode };

    // The account list (the first page holds the company's first accounts, this one among them).
    const page = await get('/v1/corporate/accounts', { ...company, startaccount: '', direction: '' });
    expect(page.statusCode).toBe(200);
    const listed = (page.json().subAccounts as { uuid: string; cardHolder: string }[]).find(
      (r) => r.uuid === row.account.id,
    );
    expect(listed?.cardHolder).toBe(name);
    // The CPF search.
    const search = await get(`/v1/cards/${row.account.documentNumber}`, company);
    expect(search.statusCode).toBe(200);
    const hits = search.json().cardsResult as { uuid: string; cardHolder: string }[];
    expect(hits.filter((c) => c.uuid === row.account.id).map((c) => c.cardHolder)).toEqual(
      expect.arrayContaining([name]),
    );
    expect(hits.filter((c) => c.uuid === row.account.id).every((c) => c.cardHolder === name)).toBe(true);
    // The cards of the account (what the details and the list row are refreshed from).
    const ofAccount = await get(`/v1/cards/account/${row.account.id}`);
    expect((ofAccount.json().cardsResult as { cardHolder: string }[]).every((c) => c.cardHolder === name)).toBe(true);
    // The holder's details.
    const details = accountData.parse((await get(`/v1/accounts/data/${row.account.id}`)).json());
    expect(details.clientNameHolder).toBe(name);
    // The old name is nowhere in these answers.
    for (const res of [page, search, ofAccount]) expect(res.body).not.toContain(`"${row.account.holderName}"`);
  });
});

describe('address update (PUT /v1/client/address/{uuid})', () => {
  it('updates the delivery address, records it on the holder card, leaves the holder data alone', async () => {
    const row = await take();
    const res = await updateAddress(row, addressBody({ state: 'sp' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.cardApi.addressUpdated });
    expect(await accountOf(row)).toMatchObject({
      address: 'Avenida Paulista',
      addressNumber: '1578',
      addressComplement: 'Conjunto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310200',
      holderName: row.account.holderName,
    });
    const [event] = await eventsOf(row);
    expect(event).toMatchObject({
      action: 'ADDRESS_UPDATE',
      actorUserId: demoUserId,
      before: { zipCode: row.account.zipCode, address: row.account.address },
      after: { zipCode: '01310200', address: 'Avenida Paulista', state: 'SP' },
    });
    expect(await holderData(row)).toMatchObject({ zipCode: '01310200', addressComplement: 'Conjunto 42' });
  });

  it('stores an empty complement as none', async () => {
    const row = await take();
    expect((await updateAddress(row, addressBody({ addressHomeComplement: '' }))).statusCode).toBe(200);
    expect((await accountOf(row)).addressComplement).toBeNull();
    expect((await holderData(row)).addressComplement).toBe('');
  });

  it('answers 400 naming the field for a bad CEP, a missing field or one too long', async () => {
    const row = await take();
    const cases: [Record<string, unknown>, string][] = [
      [{ zipCode: '0131020' }, 'zipCode'],
      [{ zipCode: '01310-200' }, 'zipCode'],
      [{ addressHome: '' }, 'addressHome'],
      [{ addressHome: 'x'.repeat(41) }, 'addressHome'],
      [{ addressHomeNumber: '1234567' }, 'addressHomeNumber'],
      [{ addressHomeComplement: 'x'.repeat(26) }, 'addressHomeComplement'],
      [{ district: 'x'.repeat(16) }, 'district'],
      [{ city: '' }, 'city'],
      [{ state: 'SPX1' }, 'state'],
    ];
    for (const [override, field] of cases) {
      const res = await updateAddress(row, addressBody(override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(`"${field}"`);
    }
    expect(await accountOf(row)).toEqual(row.account);
    expect(await eventsOf(row)).toHaveLength(0);
  });
});

describe('concurrent holder and address updates', () => {
  it('applies both and records both', async () => {
    const row = await take();
    const [a, b] = await Promise.all([updateHolder(row, holderBody(row)), updateAddress(row, addressBody())]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await accountOf(row)).toMatchObject({ holderName: 'João Pedro Albuquerque', zipCode: '01310200' });
    expect((await eventsOf(row)).map((e) => e.action).sort()).toEqual(['ADDRESS_UPDATE', 'HOLDER_UPDATE']);
  });
});

describe('another company’s holder', () => {
  it('refuses the operator of company C both updates on a company A account: 404 and nothing changed', async () => {
    const row = await take();
    const holder = await updateHolder(row, holderBody(row), otherToken);
    expect(holder.statusCode).toBe(404);
    expect(holder.json()).toEqual({ message: messages.cardApi.cardNotFound, code: 'CARD_NOT_FOUND' });
    const address = await updateAddress(row, addressBody(), otherToken);
    expect(address.statusCode).toBe(404);
    expect(address.json()).toEqual(holder.json());
    expect(await accountOf(row)).toEqual(row.account);
    expect(await eventsOf(row)).toHaveLength(0);
  });

  it('answers 400 for a malformed uuid and 404 for an unknown one', async () => {
    const row = await take();
    expect((await put('/v1/client/address/123', addressBody())).statusCode).toBe(400);
    const unknown = await put('/v1/client/account/00000000-0000-4000-8000-000000000000', holderBody(row));
    expect(unknown.statusCode).toBe(404);
  });
});
