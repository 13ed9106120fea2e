// The cards search (issue 27, decision 115) through HTTP: a name without accents or case and by any word's start, a
// CPF's start, a card's last four digits, each status filter, keyset pages, another company's cards never reached,
// and each bad input refused with its pt-BR reason. Every holder is built here, in companies of the test's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSearchResponse } from '../../contracts/card-search.ts';
import { cardSearchMessages as m } from '../../contracts/card-search-messages.ts';
import { matchesStatusFilter, STATUS_FILTERS } from '../../contracts/card-state.ts';
import { type BuiltCompany, buildCompany, buildHolders, buildUser } from '../test/builders/index.ts';
import { bearer, createHarness, type Harness } from '../test/harness.ts';

type Company = BuiltCompany;
type Built = Awaited<ReturnType<typeof buildHolders>>[number];

let h: Harness;
let admin: string;
let consulta: string;
let mine: Company;
let theirs: Company;
let holders: Built[];
let stranger: Built;

const byName = (name: string) => holders.find((x) => x.spec.name === name) as Built;

async function search(token: string, query: Record<string, string>, company: Company = mine) {
  return h.app.inject({
    method: 'GET',
    url: '/v1/corporate/accounts/search',
    query,
    headers: { ...bearer(token), cnpj: company.cnpj, relationcode: company.relationCode },
  });
}

async function found(query: Record<string, string>, token = admin) {
  const res = await search(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return cardSearchResponse.parse(res.json()).subAccounts;
}
const names = async (query: Record<string, string>, token = admin) =>
  (await found(query, token)).map((r) => r.cardHolder);

beforeAll(async () => {
  h = await createHarness();
  mine = await buildCompany(h, { corporateName: 'Busca Minha Ltda' });
  theirs = await buildCompany(h, { corporateName: 'Busca Alheia Ltda' });
  const password = 'Senha-da-Busca-2026';
  const adminUser = await buildUser(h, { companies: [mine], profile: 'ADMINISTRADOR', password });
  const consultaUser = await buildUser(h, { companies: [mine], profile: 'CONSULTA', password });
  admin = await h.token(adminUser.login, password);
  consulta = await h.token(consultaUser.login, password);
  holders = await buildHolders(h, mine.id, [
    { name: "João Carlos D'Ávila", last4: '0481' },
    { name: 'MARIA JOSÉ SILVA', last4: '0135', last4TwoWay: '0246' },
    { name: 'Ana Silveira Prado', status: 'Blocked', blockCode: 'P' },
    { name: 'Bruno Roubado Lima', status: 'Blocked', blockCode: 'R' },
    { name: 'Carla Pausa Souza', status: 'Blocked', blockCode: 'BE' },
    { name: 'Diego Outro Motivo', status: 'Blocked', blockCode: 'O' },
    { name: 'Elisa Cancelada Reis', status: 'Blocked', blockCode: 'O', statusDescription: 'CANCELADA' },
    { name: 'Fábio Permanente Dias', status: 'Blocked', activeFlag: 'N' },
    { name: 'Gustavo Plataforma Luz', status: 'Blocked', blockCode: 'X9' },
    { name: 'Helena Conta Rocha', accountBlockingCodeTwo: 'Z' },
    { name: 'Igor Alerta Nunes', accountWarningCode: 'C' },
    { name: 'Joana Perda Desativada', status: 'Blocked', blockCode: 'P', activeFlag: 'N' },
    { name: 'Karina Logo Tres', logo: 3 },
  ]);
  // Below 1000: no holder buildCard numbers itself gets these digits, so 'mine' can never hold them by chance.
  stranger = (await buildHolders(h, theirs.id, [{ name: 'João Zebedeu Estranho', last4: '0777' }]))[0] as Built;
});
afterAll(() => h.close());

describe('the cards search by name', () => {
  it('ignores accents and case, both in the name and in the search', async () => {
    for (const q of ['joao', 'JOÃO', 'João', 'jOaO']) expect(await names({ q })).toEqual(["João Carlos D'Ávila"]);
    expect(await names({ q: 'jose' })).toEqual(['MARIA JOSÉ SILVA']);
    expect(await names({ q: 'ÁVILA' })).toEqual(["João Carlos D'Ávila"]);
  });

  it('finds any word of the name by its start, words in any order, and not the middle of a word', async () => {
    expect(await names({ q: 'carlos' })).toEqual(["João Carlos D'Ávila"]);
    expect(await names({ q: 'sil' })).toEqual(['MARIA JOSÉ SILVA', 'Ana Silveira Prado']);
    expect(await names({ q: 'prado ana' })).toEqual(['Ana Silveira Prado']);
    // The wire's folded form (spaces as underscores) reads the same.
    expect(await names({ q: 'silva_maria' })).toEqual(['MARIA JOSÉ SILVA']);
    expect(await names({ q: 'arlos' })).toEqual([]);
    expect(await names({ q: 'maria prado' })).toEqual([]);
  });
});

describe('the cards search by CPF and by the last four digits', () => {
  it('finds a CPF whole, masked or bare, and by its start', async () => {
    const { cpf, spec } = byName('MARIA JOSÉ SILVA');
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect(await names({ q: cpf })).toEqual([spec.name]);
    expect(await names({ q: masked })).toEqual([spec.name]);
    expect(await names({ q: masked.slice(0, 9) })).toContain(spec.name);
    const hits = await found({ q: cpf.slice(0, 6) });
    expect(hits.map((r) => r.cardHolder)).toContain(spec.name);
    for (const hit of hits) expect(hit.documentNumber.startsWith(cpf.slice(0, 6))).toBe(true);
  });

  it("finds the card's own last four digits and its second copy's", async () => {
    expect(await names({ q: '0481' })).toEqual(["João Carlos D'Ávila"]);
    expect(await names({ q: '0135' })).toEqual(['MARIA JOSÉ SILVA']);
    expect(await names({ q: '0246' })).toEqual(['MARIA JOSÉ SILVA']);
  });

  it('leaves out a card whose logo the search does not cover (spec section 5)', async () => {
    expect(await names({ q: 'karina' })).toEqual([]);
  });

  it('masks the CPF for Consulta, and finds a CPF only whole or by the digits the mask shows', async () => {
    const { cpf, spec } = byName('MARIA JOSÉ SILVA');
    const [hit] = await found({ q: cpf }, consulta);
    expect(hit?.cardHolder).toBe(spec.name);
    expect(hit?.documentNumber).toMatch(/^\d{3}\.\*{3}\.\*{3}-\d{2}$/);
    expect(await names({ q: cpf.slice(0, 3) }, consulta)).toContain(spec.name);
    expect(await names({ q: cpf.slice(0, 7) }, consulta)).toEqual([]);
    expect(await names({ q: '0481' }, consulta)).toEqual(["João Carlos D'Ávila"]);
  });
});

describe('the status filter', () => {
  it('keeps exactly the cards whose state the contract derives from their codes', async () => {
    const searchable = holders.filter((x) => x.spec.logo !== 3);
    const rows = await found({ status: 'inativo' });
    for (const filter of STATUS_FILTERS) {
      const got = (await found({ status: filter })).map((r) => r.cardHolder).sort();
      const all = [...rows, ...(await found({ status: 'ativo' }))];
      const expected = all.filter((r) => matchesStatusFilter(r, filter)).map((r) => r.cardHolder);
      expect(got, filter).toEqual([...expected].sort());
    }
    // Every state is covered by a holder built above, and the filters split them without a gap.
    expect((await found({ status: 'ativo' })).length + rows.length).toBe(searchable.length);
    expect(await names({ status: 'perda' })).toEqual(['Ana Silveira Prado', 'Joana Perda Desativada']);
    expect(await names({ status: 'roubo' })).toEqual(['Bruno Roubado Lima']);
    expect(await names({ status: 'temporario' })).toEqual(['Carla Pausa Souza']);
    expect(await names({ status: 'outro' })).toEqual(['Diego Outro Motivo']);
    expect(await names({ status: 'cancelada' })).toEqual(['Elisa Cancelada Reis']);
    expect(await names({ status: 'permanente' })).toEqual(['Fábio Permanente Dias', 'Gustavo Plataforma Luz']);
    expect(await names({ status: 'conta-bloqueada' })).toEqual(['Helena Conta Rocha']);
    expect(await names({ status: 'alerta' })).toEqual(['Igor Alerta Nunes']);
  });

  it('narrows a search text', async () => {
    expect(await names({ q: 'sil', status: 'perda' })).toEqual(['Ana Silveira Prado']);
    expect(await names({ q: 'sil', status: 'ativo' })).toEqual(['MARIA JOSÉ SILVA']);
  });

  it('answers each row with the fields its reason is read from', async () => {
    const [row] = await found({ q: 'elisa' });
    expect(row).toMatchObject({ accountStatusDescription: 'CANCELADA', cardBlockingCode: 'O', activeFlag: 'S' });
  });
});

describe('keyset pages', () => {
  it('answers 50 rows and a cursor, then the rest from it', async () => {
    const many = await buildHolders(
      h,
      mine.id,
      Array.from({ length: 53 }, (_, i) => ({ name: `Paginada Pessoa ${String.fromCharCode(65 + (i % 26))}` })),
    );
    const first = cardSearchResponse.parse((await search(admin, { q: 'paginada' })).json());
    expect(first.subAccounts).toHaveLength(50);
    expect(first.next).toBe(many[49]?.accountNumber);
    const second = cardSearchResponse.parse(
      (await search(admin, { q: 'paginada', after: first.next as string })).json(),
    );
    expect(second.subAccounts.map((r) => r.uuid)).toEqual(many.slice(50).map((x) => x.uuid));
    expect(second.next).toBeNull();
    // Two words page the same way, in account order (their matches are read whole, then paged).
    const both = cardSearchResponse.parse((await search(admin, { q: 'pessoa paginada' })).json());
    expect(both.subAccounts.map((r) => r.uuid)).toEqual(many.slice(0, 50).map((x) => x.uuid));
    expect(both.next).toBe(many[49]?.accountNumber);
    const rest = cardSearchResponse.parse(
      (await search(admin, { q: 'pessoa paginada', after: both.next as string })).json(),
    );
    expect(rest.subAccounts.map((r) => r.uuid)).toEqual(many.slice(50).map((x) => x.uuid));
  });
});

describe("another company's cards", () => {
  it('are never found from one of my companies, by name, CPF or last four digits', async () => {
    expect(await names({ q: 'zebedeu' })).toEqual([]);
    // Two words are read from their matches first (card-search.ts): still this company's only.
    expect(await names({ q: 'joao zebedeu' })).toEqual([]);
    expect(await names({ q: '0777' })).toEqual([]);
    expect(await names({ q: stranger.cpf })).toEqual([]);
    expect((await names({ q: 'joao' })).includes('João Zebedeu Estranho')).toBe(false);
  });

  it('answer 404 when the company named is not one of mine, saying nothing of its cards', async () => {
    const res = await search(admin, { q: '0777' }, theirs);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Zebedeu');
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['a character no name has', { q: 'maria<script>' }, m.termInvalid],
    ['more than 40 characters', { q: 'a'.repeat(41) }, m.termInvalid],
    ['more digits than a CPF', { q: '123.456.789-012' }, m.tooManyDigits],
    ['an unknown status', { status: 'bloqueadissimo' }, m.statusInvalid],
    ['no text and no status', {}, m.criteriaRequired],
    ['only spaces', { q: '   ' }, m.criteriaRequired],
    ['a cursor that is not an account number', { q: 'maria', after: 'abc' }, m.cursorInvalid],
  ];
  for (const [what, query, reason] of cases) {
    it(`refuses ${what} with 400 and its reason`, async () => {
      const res = await search(admin, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(reason);
    });
  }
});
