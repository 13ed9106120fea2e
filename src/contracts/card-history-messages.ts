// What a card did: its authorizations and invoice transactions, and why a purchase was declined.

export const cardHistoryMessages = {
  history: {
    title: 'Transações',
    authorizations: 'Histórico de autorizações',
    transactions: 'Transações das faturas',
    failure: 'Falha ao carregar histórico de autorizações. Por favor tente novamente mais tarde.',
    empty: 'Nenhum Histórico de Autorização disponível no momento',
    transactionsFailure: 'Falha ao carregar as transações das faturas. Por favor tente novamente mais tarde.',
    transactionsEmpty: 'Nenhuma transação disponível nas últimas faturas.',
    loading: 'Carregando histórico',
    date: 'Data',
    establishment: 'Estabelecimento',
    authorization: 'Autorização',
    installments: 'Parcelas',
    value: 'Valor',
    status: 'Status',
    dueDate: 'Fatura',
    description: 'Descrição',
    card: 'Cartão',
    installment: 'Parcela',
    national: 'Valor nacional',
    international: 'Valor internacional',
  },
  /** Why a NEGADA authorization was refused, and the one-click fix where there is one (decision 081). */
  declines: {
    column: 'Motivo da negativa',
    insufficientLimit: 'Limite insuficiente: o valor passou do limite disponível do cartão naquele momento.',
    wrongPassword: 'Senha incorreta: a senha digitada na compra não confere com a do cartão.',
    cardBlocked: 'Cartão bloqueado: o cartão estava bloqueado quando a compra foi feita.',
    cardExpired: 'Cartão vencido: a validade do cartão já terminou. O portador deve usar um cartão dentro da validade.',
    merchantRefused:
      'Transação não permitida pelo estabelecimento: fale com o estabelecimento para saber como concluir a compra.',
    unknown: (description: string) => `Motivo informado pela bandeira: ${description}`,
    fixLimit: 'Ajustar limite',
    fixLimitTo: (value: string) => `Aumentar limite disponível para ${value}`,
    fixUnblock: 'Desbloquear cartão',
    fixUnlock: 'Desbloquear senha',
    suggested: (value: string) =>
      `Sugestão a partir de uma compra negada: ${value}, o limite disponível atual mais o que faltou, arredondado para cima. Confira antes de alterar.`,
  },
} as const;
