// Impact preview (issue 18.3): the pt-BR texts of the feature. No zod here: messages load with the first screen.

export const impactMessages = {
  blockConfirmTitle: 'Bloquear cartão',
  blockConfirmText: (last4: string, reason: string) =>
    `Confirma o bloqueio do cartão final ${last4}? Motivo: ${reason}.`,
  blockConfirm: 'Confirmar bloqueio',
  secondCopyConfirmTitle: 'Solicitar 2ª Via',
  secondCopyConfirmText: (last4: string, reason: string) =>
    `Confirma a solicitação de 2ª via do cartão final ${last4}? Motivo: ${reason}.`,
  secondCopyConfirm: 'Confirmar 2ª via',
  back: 'Voltar',
  /** The query's action, when it is not one of the three previews (400). */
  invalidAction: 'Ação inválida: use block, cancel ou secondCopy.',
  title: 'O que muda para este cartão',
  loading: 'Carregando o que muda para este cartão',
  failure: 'Não foi possível carregar o que muda para este cartão.',
  failureNote: 'Você ainda pode confirmar; a operação segue as mesmas regras de sempre.',
  pendingTitle: 'Autorizações pendentes',
  pendingNone: 'Nenhuma autorização aprovada aguardando fatura.',
  /** "3 autorizações, R$ 1.234,56": count and total. */
  pendingCount: (count: number) => (count === 1 ? '1 autorização' : `${count} autorizações`),
  pendingBlock: 'Compras já aprovadas continuam valendo e vão para a fatura; o bloqueio impede só as novas.',
  pendingCancel: 'Compras já aprovadas continuam valendo e vão para a fatura, mesmo com a conta cancelada.',
  pendingSecondCopy: 'Compras já aprovadas não mudam com a 2ª via.',
  invoiceTitle: 'Faturas que ainda vão vencer',
  invoiceNone: 'Nenhum lançamento em fatura a vencer.',
  invoiceCardScope: 'Lançamentos deste cartão (compras, saques e débitos, menos estornos e créditos).',
  invoiceAccountScope: 'Lançamentos da conta cartão (compras, saques e débitos, menos estornos e créditos).',
  /** "Vence em 22/12/2026: 4 lançamentos". */
  invoiceDue: (date: string, count: number) =>
    `Vence em ${date}: ${count === 1 ? '1 lançamento' : `${count} lançamentos`}`,
  invoiceStillDue: 'Esses valores continuam sendo cobrados.',
  limitTitle: 'Limite',
  limitCard: 'Limite do cartão',
  limitReturns: 'Volta ao relacionamento',
  relationshipFreeNow: 'Limite livre da empresa hoje',
  relationshipFreeAfter: 'Limite livre da empresa depois',
  limitReturnsNote:
    'Ao cancelar, todo o limite do cartão deixa de estar comprometido e fica livre para outros cartões.',
  limitBlockNote:
    'Nenhum limite volta ao relacionamento: o cartão bloqueado continua com o limite reservado e pode ser desbloqueado.',
  limitSecondCopyNote: 'Nenhum limite volta ao relacionamento: a 2ª via usa o mesmo limite do cartão.',
  secondCopyTitle: '2ª via',
  secondCopyNone: 'Nenhuma 2ª via a caminho.',
  /** A 2ª via requested within the delivery window. */
  secondCopyOnItsWay: (last4: string, requested: string, expected: string) =>
    `Uma 2ª via (final ${last4}) foi solicitada em ${requested} e deve chegar até ${expected}.`,
  secondCopyDelivered: (last4: string, requested: string) =>
    `Última 2ª via (final ${last4}) solicitada em ${requested}; o prazo de entrega já passou.`,
  secondCopyBlock: 'O bloqueio vale também para a 2ª via a caminho.',
  secondCopyCancel: 'Com a conta cancelada, a 2ª via a caminho também não poderá ser usada.',
  secondCopyReplace: (last4: string) => `Uma nova solicitação substitui a 2ª via final ${last4}, que deixa de valer.`,
} as const;
