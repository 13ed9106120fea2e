// Second factor and step-up (issue 16, decision 091): every pt-BR text the provider answers and the screens show.
export const secondFactorMessages = {
  // Refusals (errors.ts).
  pending: 'Informe o código do aplicativo autenticador para concluir a entrada.',
  invalidCode: 'Código inválido. Confira os 6 dígitos do aplicativo autenticador ou use um código de recuperação.',
  notStarted: 'Nenhum cadastro da verificação em duas etapas em andamento. Comece o cadastro novamente.',
  alreadyEnrolled: 'A verificação em duas etapas já está cadastrada para este usuário.',
  notEnrolled: 'Este usuário não tem a verificação em duas etapas cadastrada.',
  mandatory: 'A verificação em duas etapas é obrigatória para o seu perfil e não pode ser desativada.',
  stepUpRequired: 'Por segurança, confirme sua identidade para continuar.',
  stepUpFailed: 'Código ou senha incorretos.',
  /** An Administrador resetting their own factor (FORBIDDEN's detail). */
  ownReset:
    'Você não pode redefinir a sua própria verificação em duas etapas. Use um código de recuperação ou peça a outro administrador.',

  // Success answers.
  disabled: 'Verificação em duas etapas desativada.',
  reset: 'Verificação em duas etapas do usuário redefinida. Ele a cadastrará de novo na próxima entrada.',

  // The web's screens (appended for the sign-in step, the enrolment, the account area, the step-up dialog, the
  // company rule and the users list).
  ui: {
    verifyTitle: 'Verificação em duas etapas',
    verifySubtitle: 'Digite o código de 6 dígitos que aparece no seu aplicativo autenticador.',
    recoverySubtitle:
      'Digite um dos códigos de recuperação que você guardou ao cadastrar a verificação em duas etapas.',
    codeLabel: 'Código de verificação',
    codeHint: '6 dígitos, renovados a cada 30 segundos.',
    recoveryLabel: 'Código de recuperação',
    recoveryPlaceholder: 'XXXXX-XXXXX',
    recoveryHint: 'Cada código de recuperação vale uma única vez.',
    useRecovery: 'Usar um código de recuperação',
    useApp: 'Usar o código do aplicativo',
    verify: 'Verificar',
    back: 'Voltar e sair',
    codeRequired: 'Digite os 6 dígitos do código.',
    recoveryRequired: 'Digite o código de recuperação no formato XXXXX-XXXXX.',
    loadingSession: 'Carregando a sua sessão…',

    enrolTitle: 'Cadastre a verificação em duas etapas',
    enrolSubtitle: 'Além da senha, um código do seu celular passa a proteger a sua conta.',
    enrolRequired:
      'A verificação em duas etapas é obrigatória para o perfil Administrador e para as empresas que a exigem de ' +
      'todos os perfis. Cadastre-a agora para continuar.',
    step1Title: 'Instale um aplicativo autenticador',
    step1Text: 'Por exemplo Google Authenticator, Microsoft Authenticator ou Authy, no seu celular.',
    step2Title: 'Leia o QR code',
    step2Text: 'No aplicativo, adicione uma conta e aponte a câmera para o código.',
    qrLabel: 'QR code para cadastrar o fidis no aplicativo autenticador',
    manualKey: 'Não consegue ler o QR code? Digite esta chave no aplicativo:',
    secretLabel: 'Chave secreta',
    copyKey: 'Copiar chave',
    copied: 'Copiado',
    step3Title: 'Digite o código gerado',
    step3Text: 'O aplicativo mostra um código de 6 dígitos para a conta fidis.',
    confirmEnrol: 'Confirmar cadastro',
    starting: 'Gerando a sua chave…',
    startFailed: 'Não foi possível iniciar o cadastro da verificação em duas etapas.',
    retry: 'Tentar novamente',
    restart: 'Gerar nova chave',
    cancelEnrol: 'Cancelar cadastro',

    codesTitle: 'Guarde seus códigos de recuperação',
    codesText:
      'Se perder o celular, cada código abaixo permite entrar uma única vez. Eles não serão mostrados de novo.',
    codesListLabel: 'Códigos de recuperação',
    copyCodes: 'Copiar códigos',
    codesCopied: 'Códigos copiados',
    downloadCodes: 'Baixar .txt',
    savedCodes: 'Guardei meus códigos em lugar seguro',
    continue: 'Continuar',
    codesFileName: 'fidis-codigos-de-recuperacao.txt',
    codesFileHeader:
      'fidis — códigos de recuperação da verificação em duas etapas\nCada código vale uma única vez. Guarde este arquivo em lugar seguro.',
    enrolled: 'Verificação em duas etapas cadastrada.',
    newCodesReady: 'Novos códigos de recuperação gerados. Os anteriores deixaram de funcionar.',

    settingsTitle: 'Verificação em duas etapas',
    settingsIntro:
      'Além da senha, um código do aplicativo autenticador confirma que é você ao entrar e antes das operações mais sensíveis.',
    statusLabel: 'Situação',
    statusOn: 'Ativo',
    statusOff: 'Não cadastrado',
    enrolledOn: 'Cadastrado em',
    codesLeft: 'Códigos de recuperação restantes',
    codesLow: 'Restam poucos códigos de recuperação. Gere novos para não ficar sem acesso.',
    requiredLabel: 'Obrigatório',
    yes: 'Sim',
    no: 'Não',
    enrol: 'Cadastrar',
    newCodes: 'Gerar novos códigos de recuperação',
    newCodesTitle: 'Gerar novos códigos?',
    newCodesText: 'Os códigos de recuperação atuais deixarão de funcionar assim que os novos forem gerados.',
    newCodesConfirm: 'Gerar novos códigos',
    disable: 'Desativar',
    disableTitle: 'Desativar a verificação em duas etapas?',
    disableText:
      'A sua conta voltará a ser protegida apenas pela senha, e os códigos de recuperação deixarão de funcionar.',
    disableConfirm: 'Desativar verificação em duas etapas',
    cancel: 'Cancelar',
    closeDialog: 'Fechar',
    statusFailed: 'Não foi possível consultar a sua verificação em duas etapas.',
    loadingStatus: 'Consultando a verificação em duas etapas…',
    actionFailed: 'Não foi possível concluir a operação. Tente novamente.',

    stepUpTitle: 'Confirme sua identidade',
    stepUpCodeText: 'Digite o código de 6 dígitos do aplicativo autenticador.',
    stepUpRecoveryText: 'Digite um dos seus códigos de recuperação.',
    stepUpPasswordText: 'Digite a sua senha.',
    passwordLabel: 'Senha',
    showPassword: 'Mostrar senha',
    confirm: 'Confirmar',
    passwordRequired: 'Digite a sua senha.',
    stepUpLoading: 'Preparando a confirmação…',
    stepUpCancelled: 'Nada foi alterado: a confirmação de identidade foi cancelada.',

    companyTitle: 'Segurança de acesso',
    companySwitch: 'Exigir verificação em duas etapas de todos os perfis',
    companyHint:
      'Administradores sempre usam a verificação em duas etapas. Ligada, a regra pede a todos os usuários desta ' +
      'empresa que a cadastrem na próxima entrada.',
    companyOffTitle: 'Deixar de exigir a verificação em duas etapas?',
    companyOffText:
      'Gestores de cartões e usuários de consulta desta empresa poderão voltar a entrar só com a senha. ' +
      'Administradores continuam obrigados a usar a verificação em duas etapas.',
    companyOffConfirm: 'Deixar de exigir',
    companyOn: 'Verificação em duas etapas exigida de todos os perfis.',
    companyOff: 'A verificação em duas etapas deixou de ser exigida de todos os perfis.',
    companyFailed: 'Não foi possível ler a regra de segurança da empresa.',
    companySaveFailed: 'Não foi possível salvar a regra de segurança da empresa.',

    column: '2FA',
    active: 'Ativo',
    noneLabel: 'Sem verificação em duas etapas',
    reset: 'Redefinir verificação em duas etapas',
    resetText:
      'O aplicativo autenticador e os códigos de recuperação deste usuário deixarão de funcionar e as sessões abertas ' +
      'dele serão encerradas. Ele precisará cadastrar a verificação em duas etapas de novo na próxima entrada.',
    resetConfirm: 'Redefinir',
    resetFailed: 'Não foi possível redefinir a verificação em duas etapas do usuário.',
  },
} as const;
