// Profiles (issue 16): the pt-BR texts. No zod here: messages load with the first screen.

export const profileMessages = {
  /** The refusal of a profile without the permission: its name and what it may not do. */
  forbidden: (profile: string, missing: string) => `Seu perfil (${profile}) não permite ${missing}.`,
  forbiddenGeneric: 'Seu perfil não permite esta operação.',
  /** What each permission lets a profile do, as the end of the refusal's sentence. */
  missing: {
    'cards.read': 'consultar os cartões desta empresa',
    'cards.write': 'alterar cartões, portadores ou solicitações desta empresa',
    'users.manage': 'administrar os usuários e os perfis desta empresa',
    'audit.read': 'consultar a trilha de auditoria desta empresa',
    'personal.read': 'ver o CPF e o endereço completos dos portadores desta empresa',
  },
  lastAdministrator:
    'A empresa precisa de ao menos um Administrador ativo: defina outro Administrador antes de rebaixar, desativar ou excluir este usuário.',
  ownProfile: 'Ninguém altera o próprio perfil: peça a outro Administrador da empresa.',
  twoProfiles: 'Escolha um único perfil para o usuário.',
  /** The web's own texts (issue 16, the UI part): the route guard, read-only screens, the users' profile. */
  ui: {
    forbiddenTitle: 'Acesso não permitido',
    forbiddenPage: 'Seu perfil não permite acessar esta página.',
    forbiddenBack: 'Voltar para os cartões da empresa',
    readOnlyCard:
      'Seu perfil (Consulta) permite apenas consultar este cartão: as alterações ficam com o Gestor de cartões ou o Administrador da empresa.',
    profile: 'Perfil',
    profilePlaceholder: 'Selecione o perfil',
    noProfile: 'Sem perfil',
  },
  /** Consulta's masked CPF and its audited "mostrar" (decision 090). */
  mask: {
    show: 'mostrar',
    showLabel: (holder: string) => `Mostrar CPF de ${holder}`,
    failed: 'Não foi possível mostrar o CPF. Tente de novo.',
  },
  /** Consulta's masked address and its audited "mostrar" (decision 093). */
  addressMask: {
    show: 'Mostrar endereço',
    /** Says, beside the masked fields, why they are hidden and what the button does. */
    note: 'Endereço oculto para o seu perfil (Consulta). Mostrar o endereço completo fica registrado na auditoria.',
    failed: 'Não foi possível mostrar o endereço. Tente de novo.',
  },
} as const;
