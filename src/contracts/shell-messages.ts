// The signed-in shell around every screen: the header and the menus.

export const shellMessages = {
  shell: {
    currentCompany: 'Você está na empresa:',
    changeCompany: 'Mudar empresa',
    operator: 'Operador:',
    signOut: 'Sair',
    /** The first thing a keyboard reaches on every signed-in screen: past the header and the menu, to the screen. */
    skipToContent: 'Pular para o conteúdo',
  },
  menu: {
    navigation: 'Menu principal',
    cardMenu: 'Menu do cartão',
    userMenu: 'Menu de gestão de usuários',
    cardTabs: 'Abas do cartão',
    userTabs: 'Abas de gestão de usuários',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    sidebar: 'Barra lateral',
    back: 'Voltar',
    companyCards: 'Cartões da Empresa',
    invoices: 'Faturas do Relacionamento',
    requestCard: 'Solicitar Cartão',
    userManagement: 'Gestão de usuários',
    createUser: 'Criar Usuário',
    manageUsers: 'Gerenciar Usuários',
    holderData: 'Dados do portador',
    block: 'Bloqueio / Desbloqueio',
    secondCopy: 'Solicitar 2ª Via',
    unlock: 'Desbloqueio de senha',
    limit: 'Gestão de Limite',
    history: 'Transações',
    cancel: 'Cancelar conta cartão',
    controls: 'Controles de gasto',
    virtualCards: 'Cartões virtuais',
    companyManagement: 'Gestão da Empresa',
  },
} as const;
