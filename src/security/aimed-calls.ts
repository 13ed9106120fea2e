// For every endpoint of the catalogue, a well-formed request naming the target's resources. The cross-company
// matrix sends these requests with an operator of another company; the fuzz mutates them for an operator of the
// company itself.
import { randomUUID } from 'node:crypto';
import { buildPath, type EndpointName, endpoints } from '../contracts/index.ts';
import { validHolderUpdate } from '../contracts/test/holder-fixture.ts';
import { SPENDING_AIM } from './aimed-spending.ts';
import { freshCpf, proposalFor, type Target } from './seeded-target.ts';

/** An endpoint call before it is sent: path parameters, the endpoint's own headers, query and body. */
export interface Aimed {
  params: Record<string, string>;
  headers: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * Bulk changes (issue 18.2): a one-row limit file for the target's holder, lowering what it has available to R$ 1,00
 * (a lower limit is always accepted, decision 102).
 */
const bulkLimitFile = (t: Target) => ({
  kind: 'limits',
  rows: [{ line: 2, cells: [t.account.cpf, t.account.last4, '1,00'] }],
});

const card = (t: Target) => ({ params: { uuid: t.account.uuid }, headers: {} });
const last4Header = (t: Target) => ({ params: { uuid: t.account.uuid }, headers: { last4digits: t.account.last4 } });
const company = (t: Target) => ({ cnpj: t.company.cnpj, relationcode: t.company.relationCode });

/**
 * For every endpoint, a well-formed call naming the target's resources: its company (cnpj and relation code
 * headers or body), its holder (account uuid, card digits, CPF), its portal user (document) or its invoice.
 * Typed over the whole catalogue, so a new endpoint does not compile until it has an entry here.
 */
export const AIM: { readonly [K in EndpointName]: (t: Target) => Aimed } = {
  login: (t) => ({ params: {}, headers: {}, body: { login: t.user.login, senha: 'Senha-Errada-2026' } }),
  recoverPassword: (t) => ({ params: {}, headers: {}, body: { login: t.user.login, confirmacao: '000000' } }),
  firstAccess: (t) => ({
    params: {},
    headers: {},
    body: { login: t.user.login, novaSenha: 'NovaSenhaSegura2026', confirmarNovaSenha: 'NovaSenhaSegura2026' },
  }),
  logout: () => ({ params: {}, headers: {} }),
  session: () => ({ params: {}, headers: {} }),
  // The caller's own password: there is nothing of another company to name, so a wrong current password it is.
  changePassword: () => ({
    params: {},
    headers: {},
    body: {
      senhaAtual: 'Senha-Errada-2026',
      novaSenha: 'NovaSenhaSegura2026',
      confirmarNovaSenha: 'NovaSenhaSegura2026',
    },
  }),
  createCompany: (t) => ({
    params: {},
    headers: {},
    body: { cnpj: t.company.cnpj, corporateName: t.company.corporateName, relationCode: t.company.relationCode },
  }),
  createUser: (t) => ({
    params: {},
    headers: { cnpj: t.company.cnpj },
    body: {
      login: `intruso.${randomUUID().slice(0, 8)}`,
      numCelular: 912345678,
      nomeUsuario: 'Usuário Intruso',
      numeroDocumento: freshCpf(),
      ddd: 11,
      ddi: 55,
      listaPerfis: [''],
      email: 'intruso@exemplo.com.br',
    },
  }),
  listUsers: (t) => ({ params: {}, headers: { cnpj: t.company.cnpj }, query: { page: '0', limit: '10' } }),
  updateUser: (t) => ({
    params: { documentNumber: t.user.document },
    headers: {},
    body: {
      ddd: 11,
      ddi: 55,
      email: 'trocado@exemplo.com.br',
      nomeUsuario: 'Nome Trocado',
      numeroCelular: 911112222,
      listaPerfis: [''],
    },
  }),
  updateUserStatus: (t) => ({ params: { documentNumber: t.user.document }, headers: {}, body: { status: 'INATIVO' } }),
  deleteUser: (t) => ({ params: { numeroDocumento: t.user.document }, headers: {} }),
  companies: () => ({ params: {}, headers: {} }),
  accounts: (t) => ({ params: {}, headers: { ...company(t), startaccount: '', direction: 'N' } }),
  corporateAccount: (t) => ({ params: {}, headers: company(t) }),
  relationshipLimit: (t) => ({ params: {}, headers: company(t) }),
  cardsByDocument: (t) => ({ params: { documentNumber: t.account.cpf }, headers: company(t) }),
  cardsOfAccount: card,
  holder: card,
  blockCard: (t) => ({
    ...card(t),
    body: { descriptionOccurrence: 'Perda', last4digits: t.account.last4, blockingReason: 'P' },
  }),
  blockAccount: (t) => ({ ...card(t), body: { last4Digits: t.account.last4 } }),
  deactivateCard: (t) => ({ ...card(t), body: { last4digits: t.account.last4 } }),
  activateCard: (t) => ({ ...card(t), body: { last4digits: t.account.last4, action: 'A' } }),
  consultCard: (t) => ({ params: { uuid: t.account.uuid }, headers: { last4digits: t.account.last4, product: '1' } }),
  authorizationHistory: last4Header,
  readLimit: last4Header,
  // Impact preview (issue 18.3).
  cardImpact: (t) => ({ ...last4Header(t), query: { action: 'cancel' } }),
  // Bulk changes (issue 18.2).
  bulkPreview: (t) => ({ params: {}, headers: company(t), body: bulkLimitFile(t) }),
  bulkApply: (t) => ({ params: {}, headers: company(t), body: bulkLimitFile(t) }),
  // Lifecycle radar (issue 18.5).
  radar: (t) => ({ params: {}, headers: company(t) }),
  radarCards: (t) => ({ params: {}, headers: company(t), query: { category: 'unused' } }),
  // The cards search (issue 27): the target holder's last four digits.
  cardSearch: (t) => ({ params: {}, headers: company(t), query: { q: t.account.last4 } }),
  // The company's spend (issue 27): the target holder's card, approved purchases.
  companyTransactions: (t) => ({ params: {}, headers: company(t), query: { q: t.account.last4, status: 'APROVADA' } }),
  auditTrail: (t) => ({ params: {}, headers: company(t), query: { action: 'BLOCK' } }), // Audit trail (issue 16).
  revealCpf: card, // Consulta's audited "mostrar" (issue 16, decision 090).
  revealAddress: card, // Consulta's audited "mostrar" of the address (issue 16, decision 093).
  // CSV exports (issue 18.1): a ticket of the target's list; a download asked for with a sealed-looking ticket.
  exportTicket: (t) => ({
    params: {},
    headers: {},
    body: { kind: 'holders', filters: { cnpj: t.company.cnpj, relationCode: t.company.relationCode } },
  }),
  exportDownload: () => ({
    params: {},
    headers: {
      exportticket: 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..AAAAAAAAAAAAAAAA.AAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
    },
  }),
  changeLimit: (t) => ({ ...card(t), body: { availableLimit: 500, changeLimit: 'S', last4digits: t.account.last4 } }),
  embossData: last4Header,
  secondCopy: (t) => ({
    ...card(t),
    body: {
      last4digits: t.account.last4,
      reasonReissueCard: 'P',
      embossName: 'NOME NO CARTAO',
      deficiencyVisualdescription: '',
      line4Emboss: '',
    },
  }),
  passwordReset: (t) => ({ ...card(t), body: { last4digits: t.account.last4, userId: '123456789' } }),
  holderUpdate: (t) => ({ ...card(t), body: validHolderUpdate(t.account.last4) }),
  addressUpdate: (t) => ({
    ...card(t),
    body: {
      addressHome: 'Avenida Paulista',
      addressHomeNumber: '1000',
      addressHomeComplement: '',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310200',
    },
  }),
  invoiceDueDates: last4Header,
  invoiceTransactions: (t) => ({
    params: { uuid: t.account.uuid },
    headers: { last4digits: t.account.last4, duedate: t.dueDate },
  }),
  corporateInvoice: (t) => ({ params: {}, headers: { cnpj: t.company.cnpj, duedate: t.dueDate } }),
  occurrence: (t) => ({
    ...card(t),
    body: { last4digits: t.account.last4, modalityType: 'ISSUE_CARD_2_WAY', openingText: 'Registro' },
  }),
  proposal: (t) => {
    const body = proposalFor(t);
    return { params: { documentNumber: body.documentNumber }, headers: { systemname: 'spark' }, body };
  },
  cepLookup: () => ({ params: { cep: '01310100' }, headers: {} }),
  // Second factor (issue 16, decision 091): the caller's own factor names nothing of a company, so the calls carry
  // only a code nobody's authenticator shows; the reset and the company rule name the target's user and company.
  secondFactorStatus: () => ({ params: {}, headers: {} }),
  secondFactorEnroll: () => ({ params: {}, headers: {} }),
  secondFactorConfirm: () => ({ params: {}, headers: {}, body: { codigo: '000000' } }),
  secondFactorVerify: () => ({ params: {}, headers: {}, body: { codigo: '000000' } }),
  secondFactorDisable: () => ({ params: {}, headers: {} }),
  secondFactorRecoveryCodes: () => ({ params: {}, headers: {} }),
  // A code from an operator without a factor: refused and recorded, no try spent (the suites' operators have none).
  stepUp: () => ({ params: {}, headers: {}, body: { codigo: '000000' } }),
  resetUserSecondFactor: (t) => ({ params: { documentNumber: t.user.document }, headers: { cnpj: t.company.cnpj } }),
  companySecurity: (t) => ({ params: {}, headers: { cnpj: t.company.cnpj } }),
  // Switching the rule off, as it is in the seed: an accepted call changes nothing other suites depend on.
  updateCompanySecurity: (t) => ({
    params: {},
    headers: { cnpj: t.company.cnpj },
    body: { exigirSegundoFator: false },
  }),
  ...SPENDING_AIM,
};

/** The aimed call as a method, a path (with its query) and headers; path parameters are URI-encoded. */
export function requestOf(name: EndpointName, aimed: Aimed) {
  const endpoint = endpoints[name];
  const query = aimed.query ? `?${new URLSearchParams(aimed.query).toString()}` : '';
  return { method: endpoint.method, path: buildPath(name, aimed.params) + query, headers: aimed.headers };
}
