import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../contracts/constants.ts';
import { messages } from '../../contracts/messages.ts';
import { accountsResponse, type Company, companiesResponse, type SubAccount } from '../../contracts/schemas.ts';
import { type BuiltCompany, buildCards, buildCompany, buildUser, everyState } from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let operatorToken: string;
let operatorCompanies: Company[];
let otherCompany: Company;
let main: BuiltCompany;
/** The main company's holders: two full pages and part of a third. */
const HOLDERS = 2 * PAGE_SIZE + 30;

beforeAll(async () => {
  h = await createHarness();
  // An operator of two companies (the main one with its holders in every state, every third on logo 2), and
  // another operator of a third company.
  const operator = await buildUser(h, { password: DEMO.password });
  const other = await buildUser(h, { password: DEMO.password });
  main = await buildCompany(h, { members: [{ login: operator.login, profile: 'ADMINISTRADOR' }] });
  await buildCompany(h, { members: [{ login: operator.login, profile: 'ADMINISTRADOR' }] });
  otherCompany = await buildCompany(h, { members: [other.login] });
  await buildCards(h, main, HOLDERS, (i) => {
    const state = everyState(i);
    return { ...state, card: { ...state.card, logo: i % 3 === 2 ? 2 : 1 } };
  });
  operatorToken = await h.token(operator.login, DEMO.password);
  const mine = await h.app.inject({ method: 'GET', url: '/v1/corporate/companies', headers: bearer(operatorToken) });
  operatorCompanies = companiesResponse.parse(mine.json()).companies;
});
afterAll(() => h.close());

const mainCompany = () => operatorCompanies.find((c) => c.cnpj === main.cnpj) as Company;

async function page(company: Company, startAccount = '', direction = '') {
  const res = await h.app.inject({
    method: 'GET',
    url: '/v1/corporate/accounts',
    headers: {
      ...bearer(operatorToken),
      cnpj: company.cnpj,
      relationcode: company.relationCode,
      startaccount: startAccount,
      direction,
    },
  });
  return res;
}

async function rows(startAccount = '', direction = ''): Promise<SubAccount[]> {
  const res = await page(mainCompany(), startAccount, direction);
  expect(res.statusCode).toBe(200);
  return accountsResponse.parse(res.json()).subAccounts;
}

const numbers = (list: SubAccount[]) => list.map((r) => BigInt(r.account));
const ascending = (list: bigint[]) => list.every((n, i) => i === 0 || n > (list[i - 1] as bigint));

describe('GET /v1/corporate/companies', () => {
  it('lists only the signed-in operator’s companies', () => {
    expect(operatorCompanies).toHaveLength(2);
    expect(operatorCompanies.map((c) => c.cnpj)).not.toContain(otherCompany.cnpj);
    expect(operatorCompanies).toContainEqual({
      corporateName: main.corporateName,
      cnpj: main.cnpj,
      relationCode: main.relationCode,
    });
  });

  it('answers with the API security headers only, a refusal included (decision 097)', async () => {
    const refused = await h.app.inject({ method: 'GET', url: '/v1/corporate/companies' });
    const mine = await h.app.inject({ method: 'GET', url: '/v1/corporate/companies', headers: bearer(operatorToken) });
    expect([refused.statusCode, mine.statusCode]).toEqual([401, 200]);
    for (const { headers } of [refused, mine]) {
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['cross-origin-opener-policy']).toBeUndefined();
      expect(headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});

describe('GET /v1/corporate/accounts', () => {
  it('refuses another company’s accounts with 404 and no rows', async () => {
    const res = await page(otherCompany);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.company.notFound, code: 'COMPANY_NOT_FOUND' });
  });

  it('refuses a relation code that does not match the cnpj', async () => {
    const res = await page({ ...mainCompany(), relationCode: otherCompany.relationCode });
    expect(res.statusCode).toBe(404);
  });

  it('answers the first page with totals, sorted by account', async () => {
    const res = await page(mainCompany());
    const body = accountsResponse.parse(res.json());
    expect(body.totalSubAccounts).toBe(HOLDERS);
    expect(body.meta.totalRecords).toBe(HOLDERS);
    expect(body.subAccounts).toHaveLength(PAGE_SIZE);
    expect(ascending(numbers(body.subAccounts))).toBe(true);
    const first = body.subAccounts[0] as SubAccount;
    expect(isValidCpf(first.documentNumber)).toBe(true);
    expect(first.last4Digits).toMatch(/^\d{4}$/);
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pages forward and back by keyset without overlap, in a stable order', async () => {
    const page1 = await rows();
    const page2 = await rows(page1.at(-1)?.account, 'N');
    const page3 = await rows(page2.at(-1)?.account, 'N');
    const end = await rows(page3.at(-1)?.account, 'N');
    expect(page2).toHaveLength(PAGE_SIZE);
    expect(page3).toHaveLength(HOLDERS - 2 * PAGE_SIZE);
    expect(end).toHaveLength(0);
    const all = numbers([...page1, ...page2, ...page3]);
    expect(new Set(all).size).toBe(HOLDERS);
    expect(ascending(all)).toBe(true);

    expect(await rows(page2[0]?.account, 'P')).toEqual(page1);
    expect(await rows(page3[0]?.account, 'P')).toEqual(page2);
    expect(await rows()).toEqual(page1);
  });

  it('shows every status: blocked by each reason, account codes, cancelled, both logos', async () => {
    const all = [...(await rows()), ...(await rows(String(10n ** 18n), 'P'))];
    const blockCodes = new Set(all.map((r) => r.cardBlockingCode));
    for (const code of ['P', 'R', 'BE', 'O']) expect(blockCodes).toContain(code);
    expect(all.some((r) => r.accountBlockingCodeTwo)).toBe(true);
    expect(all.some((r) => r.accountWarningCode)).toBe(true);
    expect(new Set(all.map((r) => r.cardStatus))).toEqual(new Set(['active', 'inactive']));
    expect(new Set(all.map((r) => r.logo))).toEqual(new Set([1, 2]));
  });

  it('answers 400 with a reason for malformed headers', async () => {
    const bad = await page({ ...mainCompany(), cnpj: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/CNPJ inválido/);
    const direction = await page(mainCompany(), '5000000001', 'X');
    expect(direction.statusCode).toBe(400);
    expect(direction.json().message).toMatch(/direction/);
  });
});
