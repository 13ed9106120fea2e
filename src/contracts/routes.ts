// The endpoint route table: what a client needs to build a provider request (method, path, hosts), without the
// zod schemas of contract.ts (headers, query, body, answer). The SPA's transport imports this module, so zod stays
// out of the JavaScript every screen loads first (decision 080).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointRoute {
  method: HttpMethod;
  /** Path template; `{name}` marks a path parameter. */
  path: string;
  /** True for the calls made before a user is signed in. */
  public?: boolean;
  systemName?: 'fidis' | 'spark';
}

/** Headers every provider call may carry (spec section 7: bearer, environment, system, supplier, org). */
export const COMMON_HEADERS = [
  'authorization',
  'environmentname',
  'systemname',
  'content-type',
  'accept',
  'supplier',
  'org',
] as const;

const r = <M extends HttpMethod, P extends string>(
  method: M,
  path: P,
  opts: Partial<Omit<EndpointRoute, 'method' | 'path'>> = {},
) => ({ method, path, ...opts });

export const endpointRoutes = {
  // Portal users (layer 2, portal user endpoints)
  login: r('POST', '/v0/portal/usuario/login', { public: true }),
  recoverPassword: r('POST', '/v0/portal/usuario/recuperarsenha', { public: true }),
  firstAccess: r('PUT', '/v0/portal/usuario/primeiroacesso'),
  logout: r('POST', '/v0/portal/usuario/logout'),
  /** Not in the spec: the signed-in operator's own name and companies, read again after a reload (decision 041). */
  session: r('GET', '/v0/portal/usuario/sessao'),
  /** Not in the spec: the signed-in operator replaces their own password, proving the current one (decision 074). */
  changePassword: r('PUT', '/v0/portal/usuario/senha'),
  createCompany: r('POST', '/v0/portal/empresa/'),
  /** Header `cnpj`: the operator's chosen company, the one the new user joins (decision 024). */
  createUser: r('POST', '/v0/portal/usuario/'),
  /** Header `cnpj` (optional): only that company's users; without it, those of all the operator's companies. */
  listUsers: r('GET', '/v0/portal/usuario/todos'),
  updateUser: r('PATCH', '/v0/portal/usuario/{documentNumber}'),
  updateUserStatus: r('PUT', '/v0/portal/usuario/status/{documentNumber}'),
  deleteUser: r('DELETE', '/v0/portal/usuario/{numeroDocumento}'),

  // Card platform (layer 2, card endpoints)
  companies: r('GET', '/v1/corporate/companies'),
  accounts: r('GET', '/v1/corporate/accounts'),
  /** Not shown by the spec: the relationship's own account, found by cnpj and relation code (decision 001). */
  corporateAccount: r('GET', '/v1/corporate/account'),
  /** Not shown by the spec: the relationship's limit, what its cards commit and what is free (decision 037). */
  relationshipLimit: r('GET', '/v1/corporate/limit'),
  cardsByDocument: r('GET', '/v1/cards/{documentNumber}'),
  cardsOfAccount: r('GET', '/v1/cards/account/{uuid}'),
  holder: r('GET', '/v1/accounts/data/{uuid}'),
  blockCard: r('POST', '/v1/cards/block/{uuid}'),
  blockAccount: r('PUT', '/v1/account/block/{uuid}'),
  deactivateCard: r('POST', '/v1/cards/deactivation/{uuid}'),
  activateCard: r('POST', '/v1/cards/activation/{uuid}'),
  consultCard: r('GET', '/v2/card/consult/{uuid}'),
  authorizationHistory: r('GET', '/v2/authorization/history/consult/{uuid}'),
  readLimit: r('GET', '/v1/limit/management/{uuid}'),
  changeLimit: r('PUT', '/v1/limit/management/{uuid}'),
  /** Not shown by the spec: the emboss name and visual-deficiency indicator read (decision 001). */
  embossData: r('GET', '/v1/cards/emboss/{uuid}'),
  secondCopy: r('POST', '/v1/cards/issue/2way/{uuid}'),
  passwordReset: r('POST', '/v1/cards/password/reset/{uuid}'),
  holderUpdate: r('PUT', '/v1/client/account/{uuid}'),
  addressUpdate: r('PUT', '/v1/client/address/{uuid}'),
  invoiceDueDates: r('GET', '/v2/invoice/duedate/{uuid}'),
  invoiceTransactions: r('GET', '/v2/invoice/transactions/{uuid}'),
  corporateInvoice: r('GET', '/v2/invoice/corporate'),
  occurrence: r('POST', '/v1/occurrence/registration/{uuid}'),
  proposal: r('POST', '/v2/proposal/corporate/{documentNumber}', { systemName: 'spark' }),
  /** Not shown by the spec: the CEP lookup, answered by the provider from CEP_API_URL with a cache (decision 020). */
  cepLookup: r('GET', '/v1/address/cep/{cep}'),

  // Impact preview (issue 18.3): edit only inside this block.
  /** Not in the spec: what a block, a cancel or a 2ª via changes for the card, read before confirming (decision 082). */
  cardImpact: r('GET', '/v1/cards/impact/{uuid}'),
  // </impact>
  // Lifecycle radar (issue 18.5): edit only inside this block.
  /** Not in the spec: the company's lifecycle counts for /home (decision 083). Headers cnpj, relationcode. */
  radar: r('GET', '/v1/corporate/radar'),
  /** Not in the spec: one radar list, keyset-paged and filterable (decision 083). */
  radarCards: r('GET', '/v1/corporate/radar/cards'),
  // </radar>
  // CSV exports (issue 18.1): edit only inside this block.
  /** Not in the spec: a CSV export's single-use download ticket, asked for through the sealed /proxy (decision 084). */
  exportTicket: r('POST', '/v1/exports/ticket'),
  /** Not in the spec: the CSV itself, streamed; only the BFF's download route calls it (decision 084). */
  exportDownload: r('GET', '/v1/exports/download'),
  // </exports>
  // Bulk changes (issue 18.2): edit only inside this block.
  /** Not in the spec: a CSV's rows judged without writing anything, then applied once each (decision 085). */
  bulkPreview: r('POST', '/v1/bulk/preview'),
  bulkApply: r('POST', '/v1/bulk/apply'),
  // </bulk>
  // Audit trail (issue 16): edit only inside this block.
  /** Not in the spec: the company's audit trail, keyset-paged and filterable (decision 089). Headers cnpj, relationcode. */
  auditTrail: r('GET', '/v1/audit/events'),
  // </audit>
  // Profiles (issue 16): edit only inside this block.
  /** Not in the spec: the holder's full CPF, for the audited "mostrar" of a Consulta operator (decision 090). */
  revealCpf: r('GET', '/v1/accounts/cpf/{uuid}'),
  /** Not in the spec: the holder's full address, for the audited "mostrar" of a Consulta operator (decision 093). */
  revealAddress: r('GET', '/v1/accounts/address/{uuid}'),
  // </profiles>
  // Second factor (issue 16): edit only inside this block. Not in the spec (decision 091).
  /** The operator's own factor: enrolled, required, recovery codes left. */
  secondFactorStatus: r('GET', '/v0/portal/usuario/segundofator'),
  /** Starts (or starts again) an enrolment: a new secret, not in force until confirmed. */
  secondFactorEnroll: r('POST', '/v0/portal/usuario/segundofator'),
  /** Confirms the enrolment with a first code; answers the 10 recovery codes, once. */
  secondFactorConfirm: r('PUT', '/v0/portal/usuario/segundofator'),
  /** The code after the password, in a session that waits for it. */
  secondFactorVerify: r('POST', '/v0/portal/usuario/segundofator/verificacao'),
  secondFactorDisable: r('DELETE', '/v0/portal/usuario/segundofator'),
  /** 10 new recovery codes; the old ones stop working. */
  secondFactorRecoveryCodes: r('POST', '/v0/portal/usuario/segundofator/codigos'),
  /** The operator confirms who they are again (code, or password without a factor) before a sensitive call. */
  stepUp: r('POST', '/v0/portal/usuario/confirmacao'),
  /** An Administrador resets a user's factor of the company (header cnpj): the user enrols again. */
  resetUserSecondFactor: r('DELETE', '/v0/portal/usuario/segundofator/{documentNumber}'),
  /** Whether the company (header cnpj) requires a second factor of every profile. */
  companySecurity: r('GET', '/v0/portal/empresa/seguranca'),
  updateCompanySecurity: r('PUT', '/v0/portal/empresa/seguranca'),
  // </second-factor>
  // Spending controls (issue 30): edit only inside this block. Not in the spec (decision 132).
  /** The card's own controls, or the company's default it follows. Header last4digits. */
  cardControls: r('GET', '/v1/cards/controls/{uuid}'),
  /** Sets the card's own controls; `controls: null` puts it back on the company's default. */
  changeCardControls: r('PUT', '/v1/cards/controls/{uuid}'),
  /** How many of the last 30 days' approved purchases the controls would decline; writes nothing. */
  cardControlsImpact: r('POST', '/v1/cards/controls/impact/{uuid}'),
  /** The company's default controls. Headers cnpj, relationcode. */
  companyControls: r('GET', '/v1/corporate/controls'),
  changeCompanyControls: r('PUT', '/v1/corporate/controls'),
  /** What a proposed company default would have declined in the last 30 days of the cards that follow it. */
  companyControlsImpact: r('POST', '/v1/corporate/controls/impact'),
  /** Demo only: a purchase down the network's authorization path. */
  simulatePurchase: r('POST', '/v1/cards/simulate-purchase/{uuid}'),
  /** The holder's virtual cards (last four digits only). Header last4digits of the holder card. */
  virtualCards: r('GET', '/v1/cards/virtual/{uuid}'),
  issueVirtualCard: r('POST', '/v1/cards/virtual/{uuid}'),
  cancelVirtualCard: r('POST', '/v1/cards/virtual/cancel/{uuid}'),
  /** The audited reveal of a virtual card's number, expiry and CVV, after a recent proof of identity. */
  revealVirtualCard: r('POST', '/v1/cards/virtual/reveal/{uuid}'),
  // </spending>
  // Card search (issue 27): edit only inside this block.
  /** Not in the spec: the company's cards by name, CPF or last four digits, and by status (decision 115). */
  cardSearch: r('GET', '/v1/corporate/accounts/search'),
  // </card-search>
  // Company spend (issue 27): edit only inside this block.
  /** Not in the spec: every card's authorizations, filtered, totalled and keyset-paged (decision 118). */
  companyTransactions: r('GET', '/v1/corporate/transactions'),
  // </spend>
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof endpointRoutes;

/** Fills a path template: every parameter is URI-encoded, and a missing one is a programming error. */
export function buildPath(name: EndpointName, params: Record<string, string> = {}): string {
  return endpointRoutes[name].path.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = params[p];
    if (v === undefined) throw new Error(`missing path parameter ${p} for ${name}`);
    return encodeURIComponent(v);
  });
}

/**
 * The provider bases the client addresses, per environment. The BFF maps the base onto the real upstream
 * (PROVIDER_URL), so the browser never learns the internal topology; the homologation host is a sandbox host.
 */
export const PROVIDER_HOSTS = {
  prod: ['https://api.fidis.com.br'],
  sandbox: ['https://sandbox.api.fidis.com.br', 'https://homolog.api.fidis.com.br'],
} as const;
