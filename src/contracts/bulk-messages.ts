// Bulk changes (issue 18.2): the pt-BR texts of the feature. No zod here: messages load with the first screen.

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

export const bulkMessages = {
  menu: 'Alterações em lote',
  title: 'Alterações em lote',
  intro:
    'Envie um arquivo CSV com várias alterações de uma vez. Primeiro conferimos cada linha, sem alterar nada; as alterações só são aplicadas depois da sua confirmação.',
  kindLabel: 'Tipo de alteração',
  kinds: {
    limits: 'Novos limites disponíveis',
    blocks: 'Bloqueios',
    cards: 'Solicitações de cartão',
    controls: 'Controles de gasto',
  },
  kindHints: {
    limits:
      'Uma linha por cartão: CPF do portador, final do cartão e o novo limite disponível em reais (o limite de crédito passa a ser esse valor mais o já utilizado).',
    blocks:
      'Uma linha por cartão: CPF do portador, final do cartão, motivo (Perda, Roubo, Bloqueio temporário ou Outros) e observação opcional.',
    cards:
      'Uma linha por pessoa: os dados do portador, o endereço residencial e o limite do novo cartão (Cartão Verde).',
    controls:
      'Uma linha por cartão: CPF do portador, final do cartão, categorias bloqueadas (nomes da tela de controles, separados por vírgula, ou em branco), Sim ou Não para compras internacionais, on-line e saques, e os máximos por compra, dia e mês em reais (em branco: sem limite). A linha substitui os controles próprios do cartão; para o cartão voltar a seguir o padrão da empresa, escreva Padrão da empresa na coluna de categorias e deixe as demais em branco.',
  },
  template: 'Baixar modelo CSV',
  templateName: (kind: string) => `modelo-${kind}.csv`,
  fileLabel: 'Arquivo CSV',
  dropHint: 'Arraste o arquivo até aqui ou',
  choose: 'Escolher arquivo',
  fileHint: 'Separado por ponto e vírgula (;), com o cabeçalho do modelo, até 1.000 linhas.',
  chosen: (name: string) => `Arquivo: ${name}`,
  reading: 'Lendo o arquivo…',
  checking: (done: number, total: number) => `Conferindo linhas: ${done} de ${total}`,
  notCsv: 'O arquivo não é um CSV. Envie um arquivo .csv separado por ponto e vírgula, como o modelo.',
  unreadable: 'Não foi possível ler o arquivo. Confira se é um CSV salvo em UTF-8, como o modelo.',
  wrongHeader: (expected: string) =>
    `O cabeçalho do arquivo não é o do modelo. A primeira linha deve ser: ${expected}. Baixe o modelo e preencha-o.`,
  empty: 'O arquivo não tem linhas além do cabeçalho.',
  tooMany: (max: number) =>
    `O arquivo tem mais de ${max.toLocaleString('pt-BR')} linhas. Divida-o em arquivos menores.`,
  previewTitle: 'Conferência do arquivo',
  previewNote: 'Nada foi alterado ainda. Confira o resultado de cada linha antes de aplicar.',
  counts: (valid: number, invalid: number) =>
    `${plural(valid, 'linha válida', 'linhas válidas')}, ${plural(invalid, 'com erro', 'com erro')}`,
  alreadyCount: (n: number) => `${plural(n, 'linha já aplicada', 'linhas já aplicadas')} anteriormente`,
  tableLabel: 'Resultado por linha do arquivo',
  columns: {
    line: 'Linha',
    data: 'Dados',
    change: 'Limite disponível (atual → novo)',
    controlsChange: 'Controles (atual → novo)',
    result: 'Resultado',
    reason: 'Motivo',
  },
  /** Beside a limits row whose new available limit is below the current one: no cut passes unseen. */
  cut: 'Redução',
  cutsCount: (n: number) => `${plural(n, 'linha reduz', 'linhas reduzem')} o limite disponível`,
  confirmCuts: (n: number) =>
    `Atenção: ${plural(n, 'linha reduz', 'linhas reduzem')} o limite disponível de um cartão (marcadas como Redução na conferência).`,
  results: {
    OK: 'Válida',
    ERRO: 'Erro',
    JA_APLICADA: 'Já aplicada',
    APLICADA: 'Aplicada',
    RECUSADA: 'Recusada',
    PENDENTE: 'Não aplicada',
  },
  notSent: 'A aplicação parou antes desta linha; nada foi alterado nela.',
  okReason: 'Pronta para aplicar',
  appliedReason: 'Alteração aplicada',
  apply: 'Aplicar alterações',
  nothingToApply: 'Nenhuma linha válida para aplicar. Corrija o arquivo e envie de novo.',
  restart: 'Enviar outro arquivo',
  confirmTitle: 'Aplicar alterações em lote',
  confirmText: (n: number, already: number) =>
    `${n === 0 ? 'Nenhuma linha nova será aplicada.' : `${plural(n, 'linha será aplicada', 'linhas serão aplicadas')}, uma de cada vez.`}${
      already > 0
        ? ` ${plural(already, 'linha já aplicada não será aplicada', 'linhas já aplicadas não serão aplicadas')} de novo.`
        : ''
    } As linhas com erro ficam de fora. Deseja continuar?`,
  confirm: 'Aplicar',
  cancel: 'Voltar',
  applying: (done: number, total: number) => `Aplicando: ${done} de ${total} linhas`,
  progressLabel: 'Progresso da aplicação',
  resultTitle: 'Resultado da aplicação',
  resultCounts: (applied: number, refused: number, already: number) =>
    `${plural(applied, 'aplicada', 'aplicadas')}, ${plural(refused, 'recusada', 'recusadas')}, ${plural(already, 'já aplicada antes', 'já aplicadas antes')}`,
  download: 'Baixar resultado (CSV)',
  resultName: (kind: string) => `resultado-${kind}.csv`,
  resultHeader: ['Linha', 'Resultado', 'Motivo'],
  stopped: (done: number, total: number) =>
    `A aplicação parou na linha ${done} de ${total}: o serviço não respondeu. As linhas aplicadas estão no resultado; envie o mesmo arquivo de novo para continuar (as já aplicadas não se repetem).`,
  lineRepeated: 'Cada linha do arquivo deve ser enviada uma só vez por chamada.',
  failure: 'Não foi possível conferir o arquivo agora. Tente novamente em instantes.',
  /** A controls row of the dry run: nothing of its controls changes. */
  controlsSame: 'Nada muda nos controles',
  /** A controls row of the dry run: what the new controls would have declined of the card's last 30 days. */
  controlsImpact: (declined: number, total: number) =>
    total === 0
      ? 'Últimos 30 dias: nenhuma compra aprovada neste cartão'
      : `Últimos 30 dias: ${declined} de ${total} ${total === 1 ? 'compra' : 'compras'} ${declined === 1 ? 'seria negada' : 'seriam negadas'}`,
  // Row reasons (the provider's and the screen's, one wording).
  reasons: {
    required: (column: string) => `Preencha a coluna ${column}.`,
    invalid: (column: string) => `Valor inválido na coluna ${column}.`,
    columns: (expected: number, got: number) => `A linha tem ${got} colunas; o modelo tem ${expected}.`,
    invalidAmount: 'Valor inválido: use reais com vírgula nos centavos, por exemplo 1.500,00.',
    invalidReason: 'Motivo inválido: use Perda, Roubo, Bloqueio temporário ou Outros.',
    notInCompany: 'O portador não pertence à empresa selecionada.',
    cardNotFound: (last4: string) => `O portador não tem cartão com final ${last4} nesta empresa.`,
    duplicate: (line: number) => `Linha repetida: igual à linha ${line}. Só a primeira é aplicada.`,
    already: (when: string, who: string) => `Já aplicada em ${when} por ${who}. Nada foi alterado de novo.`,
    notAllowed: 'Seu perfil não permite esta alteração.',
    unexpected: 'Não foi possível conferir esta linha agora. Tente novamente.',
    unknownGroup: (word: string) =>
      `Categoria desconhecida: ${word}. Use os nomes da tela de controles de gasto, separados por vírgula.`,
    yesOrNo: (column: string) => `Valor inválido na coluna ${column}: use Sim ou Não.`,
    /** A controls row that puts the card back on the company's default sets nothing else. */
    defaultAlone: (column: string) =>
      `Com Padrão da empresa, deixe a coluna ${column} em branco: o cartão passa a seguir os controles da empresa.`,
  },
  data: {
    limit: (cpf: string, last4: string, amount: string) =>
      `CPF ${cpf}, final ${last4}: novo limite disponível ${amount}`,
    block: (cpf: string, last4: string, reason: string) => `CPF ${cpf}, final ${last4}: bloqueio (${reason})`,
    card: (name: string, cpf: string, amount: string) => `${name} (CPF ${cpf}): limite ${amount}`,
    controls: (cpf: string, last4: string) => `CPF ${cpf}, final ${last4}`,
  },
} as const;
