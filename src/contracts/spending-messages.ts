// Spending controls and the card network's authorizations (issue 30): the pt-BR texts. No zod here: messages load
// with the first screen.

export const spendingMessages = {
  title: 'Controles de gasto',
  intro: 'Onde e como este cartão pode comprar. Uma compra fora destas regras é negada na hora.',
  companyTitle: 'Controles de gasto padrão da empresa',
  companyIntro: 'Valem para todo cartão da empresa que não tem controles próprios.',
  usingCompany: 'Este cartão segue os controles padrão da empresa.',
  usingOwn: 'Este cartão tem controles próprios.',
  customize: 'Personalizar este cartão',
  backToCompany: 'Voltar ao padrão da empresa',
  groupsLegend: 'Categorias de estabelecimento',
  groupAllowed: 'Permitida',
  groupBlocked: 'Bloqueada',
  channelsLegend: 'Onde pode comprar',
  international: 'Compras internacionais',
  online: 'Compras on-line',
  cashWithdrawal: 'Saques em dinheiro',
  amountsLegend: 'Valores máximos (em branco: sem limite próprio)',
  maxPerPurchase: 'Máximo por compra (R$)',
  dailyLimit: 'Máximo por dia (R$)',
  monthlyLimit: 'Máximo por mês (R$)',
  save: 'Salvar controles',
  saved: 'Controles de gasto salvos.',
  loading: 'Carregando os controles de gasto',
  failure: 'Não foi possível carregar os controles de gasto agora.',
  impact: (declined: number, total: number) =>
    declined === 0
      ? `Nenhuma das ${total} compras aprovadas nos últimos 30 dias seria negada com estes controles.`
      : declined === 1
        ? `1 das ${total} compras aprovadas nos últimos 30 dias seria negada com estes controles.`
        : `${declined} das ${total} compras aprovadas nos últimos 30 dias seriam negadas com estes controles.`,
  confirmTitle: 'Salvar os controles de gasto?',
  confirm: 'Salvar',
  cancel: 'Voltar',
  notPositive: 'Informe um valor maior que zero ou deixe em branco.',
  unknownGroup: 'Categoria de estabelecimento desconhecida.',
  /** The network's authorization, as the simulation screen shows it. */
  simulate: {
    title: 'Simular compra',
    intro: 'Demonstração: envia uma compra ao caminho de autorização real, com as regras deste cartão.',
    amount: 'Valor (R$)',
    merchant: 'Estabelecimento',
    group: 'Categoria do estabelecimento',
    country: 'País do estabelecimento',
    channel: 'Forma de compra',
    submit: 'Simular',
    approved: 'Compra aprovada',
    declined: 'Compra negada',
    fixIt: 'Mudar este controle',
    onlyDemo: 'A simulação de compras existe só no modo de demonstração.',
  },
  channels: {
    PRESENCIAL: 'Presencial (chip ou tarja)',
    ONLINE: 'On-line',
    APROXIMACAO: 'Por aproximação',
    SAQUE: 'Saque',
  },
  countries: { BR: 'Brasil', US: 'Estados Unidos', PT: 'Portugal', AR: 'Argentina' },
  /** Why a purchase was declined, as the explainer and the network's answer say it. */
  declines: {
    CARD_UNUSABLE: 'Cartão bloqueado ou cancelado.',
    INSUFFICIENT_LIMIT: 'Limite disponível insuficiente.',
    GROUP_BLOCKED: (group: string) => `Categoria bloqueada nos controles de gasto: ${group}.`,
    INTERNATIONAL_BLOCKED: 'Compras internacionais estão desligadas nos controles de gasto.',
    ONLINE_BLOCKED: 'Compras on-line estão desligadas nos controles de gasto.',
    CASH_BLOCKED: 'Saques estão desligados nos controles de gasto.',
    OVER_PER_PURCHASE: (most: string) => `Acima do máximo por compra dos controles de gasto (${most}).`,
    OVER_DAILY: (most: string) => `Passaria do máximo por dia dos controles de gasto (${most}).`,
    OVER_MONTHLY: (most: string) => `Passaria do máximo por mês dos controles de gasto (${most}).`,
  },
  network: {
    unauthenticated: 'Chave da rede ausente ou inválida.',
    repeatedRequest: 'Este identificador de requisição já foi usado em outra compra.',
  },
} as const;
