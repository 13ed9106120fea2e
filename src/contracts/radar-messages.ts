// Lifecycle radar (issue 18.5): the pt-BR texts of the feature. No zod here: messages load with the first screen.

export const radarMessages = {
  title: 'Cartões que pedem atenção',
  intro: 'O que pede uma ação hoje. Cada número abre a lista.',
  loading: 'Carregando o radar',
  failure: 'Não foi possível carregar o radar agora.',
  retry: 'Tentar novamente',
  allClear: 'Nada pendente',
  /** Below 576 px the panel opens on request: one line says whether anything waits. */
  summary: (lists: number) =>
    lists === 0
      ? 'Nenhuma lista com pendências.'
      : lists === 1
        ? '1 lista com pendências.'
        : `${lists} listas com pendências.`,
  show: 'Mostrar',
  hide: 'Ocultar',
  /** Category names (panel and list titles). */
  categories: {
    'lost-or-stolen': 'Bloqueados por perda ou roubo sem 2ª via',
    'password-blocked': 'Com senha bloqueada',
    unused: 'Sem uso há 45 dias',
    expiring: 'Vencem em 60 dias',
    pending: 'Solicitações pendentes',
  },
  /** One line under each list's title: what puts a card there and what to do. */
  explanations: {
    'lost-or-stolen':
      'Cartões bloqueados por perda ou roubo sem segunda via solicitada depois do bloqueio. Abra o cartão e peça a 2ª via.',
    'password-blocked': 'A senha foi bloqueada por tentativas erradas. Abra o cartão e faça o desbloqueio de senha.',
    unused:
      'Cartões ativos, emitidos há mais de 45 dias, sem nenhuma autorização nos últimos 45 dias. Um cartão parado é risco sem benefício: bloqueie os que não são mais usados.',
    expiring: 'Cartões cujo plástico vence nos próximos 60 dias, do mais próximo ao mais distante.',
    pending: 'Cartões solicitados pelo portal que ainda não fizeram nenhuma compra.',
  },
  openList: (label: string, count: string) => `${label}: ${count} cartões. Abrir a lista`,
  back: 'Voltar aos cartões',
  unknownCategory: 'Esta lista do radar não existe.',
  filterLabel: 'Filtrar por nome, CPF ou final do cartão',
  filterPlaceholder: 'Ex.: Maria, 123.456.789-09 ou 1234',
  filterSubmit: 'Filtrar',
  filterClear: 'Limpar filtro',
  filterInvalid: 'Use letras, números, espaços, ponto ou hífen (até 40 caracteres).',
  total: (count: string) => `${count} cartões nesta lista`,
  filteredTitle: (term: string) => `Resultado do filtro “${term}”`,
  empty: 'Nenhum cartão nesta lista. Tudo em dia.',
  emptyFiltered: 'Nenhum cartão desta lista corresponde ao filtro.',
  listFailure: 'Não foi possível carregar esta lista agora.',
  more: 'Carregar mais',
  exportLabel: 'Exportar lista (CSV)',
  loadingMore: 'Carregando mais cartões',
  shown: (shown: string, total: string) => `Mostrando ${shown} de ${total}`,
  columns: {
    select: 'Selecionar',
    holder: 'Portador',
    cpf: 'CPF',
    last4: 'Final do Cartão',
    expiresOn: 'Vencimento',
    lastUse: 'Último uso',
    requestedOn: 'Solicitado em',
    details: 'Ver Detalhes',
  },
  never: 'Nunca usado',
  selectRow: (holder: string) => `Selecionar o cartão de ${holder}`,
  selectAll: 'Selecionar todos os cartões mostrados',
  openFailure: 'Não foi possível abrir o cartão agora.',
  bulk: {
    selected: (n: number) => (n === 1 ? '1 cartão selecionado' : `${n} cartões selecionados`),
    block: 'Bloquear selecionados',
    confirmTitle: 'Bloquear cartões sem uso',
    confirmText: (n: number) =>
      n === 1
        ? 'O cartão selecionado será bloqueado temporariamente (motivo: bloqueio temporário). O desbloqueio pode ser feito depois, na tela de bloqueio do cartão.'
        : `Os ${n} cartões selecionados serão bloqueados temporariamente (motivo: bloqueio temporário). O desbloqueio pode ser feito depois, na tela de bloqueio de cada cartão.`,
    confirm: 'Bloquear',
    cancel: 'Cancelar',
    occurrence: 'Bloqueio pelo radar: cartão sem uso há 45 dias.',
    running: (done: number, total: number) => `Bloqueando ${done} de ${total}…`,
    resultTitle: 'Resultado do bloqueio',
    summary: (ok: number, failed: number) =>
      failed === 0
        ? `${ok === 1 ? '1 cartão bloqueado' : `${ok} cartões bloqueados`}.`
        : `${ok === 1 ? '1 cartão bloqueado' : `${ok} cartões bloqueados`}; ${failed === 1 ? '1 recusado' : `${failed} recusados`}.`,
    blocked: 'Bloqueado',
    refused: 'Recusado',
    close: 'Fechar resultado',
  },
  export: {
    fileName: (category: string) => `radar-${category}`,
    header: [
      'Portador',
      'CPF',
      'Conta',
      'Final do Cartão',
      'Status',
      'Vencimento',
      'Último uso',
      'Solicitado em',
    ] as const,
    active: 'Ativo',
    inactive: 'Inativo',
  },
  cursorInvalid: 'A posição da lista do radar não é válida para esta lista. Recarregue a lista.',
} as const;
