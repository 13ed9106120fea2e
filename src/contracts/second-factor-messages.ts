// Second factor and step-up (issue 16, decision 091): every pt-BR text the provider answers and the screens show.
export const secondFactorMessages = {
  // Refusals (errors.ts).
  pending: 'Informe o código do aplicativo autenticador para concluir a entrada.',
  invalidCode: 'Código inválido. Confira os 6 dígitos do aplicativo autenticador ou use um código de recuperação.',
  notStarted: 'Nenhum cadastro de segundo fator em andamento. Comece o cadastro novamente.',
  alreadyEnrolled: 'O segundo fator já está cadastrado para este usuário.',
  notEnrolled: 'Este usuário não tem segundo fator cadastrado.',
  mandatory: 'O segundo fator é obrigatório para o seu perfil e não pode ser desativado.',
  stepUpRequired: 'Por segurança, confirme sua identidade para continuar.',
  stepUpFailed: 'Código ou senha incorretos.',

  // Success answers.
  disabled: 'Segundo fator desativado.',
  reset: 'Segundo fator do usuário redefinido. Ele cadastrará um novo na próxima entrada.',
} as const;
