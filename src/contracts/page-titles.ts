// The browser tab's title of each screen (issue 27), before " · fidis". No zod here: the login screen reads it.

export const pageTitles = {
  login: 'Entrar',
  forgotPassword: 'Recuperar senha',
  firstAccess: 'Primeiro acesso',
  secondFactor: 'Verificação em duas etapas',
  chooseCompany: 'Escolha a empresa',
  cards: 'Cartões da empresa',
  invoices: 'Faturas do Relacionamento',
  requestCard: 'Solicitar Cartão',
  bulk: 'Alterações em lote',
  createUser: 'Criar Usuário',
  manageUsers: 'Gerenciar Usuários',
  userManagement: 'Gestão de Usuários',
  companyManagement: 'Gestão da Empresa',
  changePassword: 'Alterar senha',
  radar: 'Cartões que pedem atenção',
  audit: 'Auditoria',
  spend: 'Transações da empresa',
} as const;
