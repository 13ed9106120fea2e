// The calls issue 25 found going through with a stale session, or asking for a proof before a refusal: each declared
// in its policy now (contracts), each checked here through HTTP with a session whose last proof of identity is older
// than the window. A refused call writes nothing; the same call goes through once the operator confirms who they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { STEP_UP_MAX_AGE_MS } from '../../contracts/second-factor.ts';
import { changedTables, snapshotTables } from '../../security/snapshot.ts';
import {
  type BuiltCompany,
  type BuiltUser,
  buildCards,
  buildCompany,
  buildInvoices,
  buildUser,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

const USERS = '/v0/portal/usuario';

let h: Harness;
let company: BuiltCompany;
let token: string;
/** Live holder cards of the company, one per test that changes a card. */
let cards: { uuid: string; last4: string; cpf: string }[] = [];
/** The due date of the company's newest invoice. */
let dueDate: string;

beforeAll(async () => {
  h = await createHarness();
  token = await h.token(DEMO.login, DEMO.password);
  company = await buildCompany(h, { members: [DEMO.login] });
  cards = (await buildCards(h, company, 8)).map(({ account, card }) => ({
    uuid: account.id,
    last4: card.last4,
    cpf: account.documentNumber,
  }));
  const [newest] = await buildInvoices(h, company, h.clock());
  dueDate = newest?.dueDate ?? '';
});
afterAll(() => h.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = {}) {
  return h.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

const companyHeaders = () => ({ cnpj: company.cnpj, relationcode: company.relationCode });
const edit = (user: BuiltUser, email = user.email) => ({
  ddd: 11,
  ddi: 55,
  email,
  nomeUsuario: user.name,
  numeroCelular: 912345678,
  listaPerfis: [''],
});
const ticket = (kind: string, filters: object) => call('POST', '/v1/exports/ticket', { kind, filters });

/** Every call of `attempts` is refused STEP_UP_REQUIRED with the spec's reason, and none writes a row. */
async function expectStepUp(attempts: (() => ReturnType<typeof call>)[]) {
  const before = await snapshotTables(h.handle.sql);
  for (const attempt of attempts) {
    const res = await attempt();
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', message: messages.secondFactor.stepUpRequired });
  }
  expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
}

/**
 * Moves past the window, so the session's last proof of identity is stale; its first call after the move renews its
 * idle expiry (the sign-in layer's write, not the call's), made here before anything is compared.
 */
async function goStale() {
  h.clock.advance(STEP_UP_MAX_AGE_MS + 1_000);
  expect((await call('GET', '/v1/corporate/companies')).statusCode).toBe(200);
}
/** The demo operator has no factor: the password is the proof. */
async function confirm() {
  const res = await call('POST', `${USERS}/confirmacao`, { senha: DEMO.password });
  expect(res.statusCode, res.body).toBe(204);
}

describe('with a stale session', () => {
  it('changing another user’s e-mail and (de)activating a user ask for a proof; a rename does not', async () => {
    const active = await buildUser(h, { companies: [company] });
    const inactive = await buildUser(h, { companies: [company], status: 'INATIVO' });
    await goStale();
    await expectStepUp([
      () => call('PATCH', `${USERS}/${active.document}`, edit(active, 'outro.endereco@exemplo.com.br')),
      () => call('PUT', `${USERS}/status/${active.document}`, { status: 'INATIVO' }),
      () => call('PUT', `${USERS}/status/${inactive.document}`, { status: 'ATIVO' }),
    ]);
    const rename = await call('PATCH', `${USERS}/${active.document}`, { ...edit(active), nomeUsuario: 'Nome Novo' });
    expect(rename.statusCode, rename.body).toBe(200);

    await confirm();
    const changed = await call('PATCH', `${USERS}/${active.document}`, edit(active, 'outro.endereco@exemplo.com.br'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('PUT', `${USERS}/status/${inactive.document}`, { status: 'ATIVO' })).statusCode).toBe(200);
  });

  it('deleting an active user is refused for being active before any proof is asked', async () => {
    const active = await buildUser(h, { companies: [company] });
    await goStale();
    const before = await snapshotTables(h.handle.sql);
    const res = await call('DELETE', `${USERS}/${active.document}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USER_ACTIVE', mensagemRetorno: messages.users.deleteActive });
    expect(changedTables(before, await snapshotTables(h.handle.sql))).toEqual([]);
  });

  it('a block for loss or theft asks for a proof; a temporary one does not', async () => {
    const [lost, stolen, other] = cards as [(typeof cards)[0], (typeof cards)[0], (typeof cards)[0]];
    const block = (card: typeof lost, blockingReason: string) =>
      call('POST', `/v1/cards/block/${card.uuid}`, {
        descriptionOccurrence: 'Bloqueio',
        last4digits: card.last4,
        blockingReason,
      });
    await goStale();
    await expectStepUp([() => block(lost, 'P'), () => block(stolen, 'R')]);
    expect((await block(other, 'BE')).statusCode).toBe(200);
    await confirm();
    expect((await block(lost, 'P')).statusCode).toBe(200);
  });

  it('applying a bulk file asks for a proof; its dry run does not', async () => {
    const card = cards[3] as (typeof cards)[0];
    // Lowers what the card has available to R$ 1,00: always accepted (decision 102).
    const file = { kind: 'limits', rows: [{ line: 2, cells: [card.cpf, card.last4, '1,00'] }] };
    await goStale();
    await expectStepUp([() => call('POST', '/v1/bulk/apply', file, companyHeaders())]);
    expect((await call('POST', '/v1/bulk/preview', file, companyHeaders())).statusCode).toBe(200);
    await confirm();
    expect((await call('POST', '/v1/bulk/apply', file, companyHeaders())).statusCode).toBe(200);
  });

  it('an export of the whole company asks for a proof; a CPF search or one card’s history does not', async () => {
    const card = cards[4] as (typeof cards)[0];
    const whole = { cnpj: company.cnpj, relationCode: company.relationCode };
    await goStale();
    await expectStepUp([
      () => ticket('holders', whole),
      () => ticket('invoice-holders', { cnpj: company.cnpj, dueDate }),
      () => ticket('radar', { ...whole, category: 'unused' }),
      () => ticket('audit', whole),
    ]);
    expect((await ticket('holders', { ...whole, cpf: card.cpf })).statusCode).toBe(200);
    expect((await ticket('authorizations', { uuid: card.uuid, last4: card.last4 })).statusCode).toBe(200);
    await confirm();
    expect((await ticket('holders', whole)).statusCode).toBe(200);
  });
});
