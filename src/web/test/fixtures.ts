import type { AccountsResponse, Company, LoginResponse } from '../../contracts/index.ts';

export const companies: Company[] = [
  { corporateName: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' },
  { corporateName: 'Beta Serviços S.A.', cnpj: '44555666000199', relationCode: 'REL-2' },
];

export const loginAnswer: LoginResponse = {
  usuario: 'Maria Operadora',
  login: 'maria.operadora',
  token: 'user-token',
  primeiroAcesso: false,
  // Issue 16: the login answer carries the operator's profile in each company.
  companies: companies.map((c) => ({ ...c, perfil: 'ADMINISTRADOR' as const })),
  // Decision 091: no second factor due, the session is full.
  segundoFator: 'NENHUM',
};

export const accounts: AccountsResponse = { subAccounts: [], totalSubAccounts: 120, meta: { totalRecords: 120 } };
