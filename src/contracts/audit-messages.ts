// The audit trail screen (issue 16): the pt-BR texts. No zod here: messages load with the first screen. What the
// recorded actions, fields and values are called is in audit-labels.ts.
import { AUDIT_ACTION_LABELS, AUDIT_FIELD_LABELS, AUDIT_VALUE_LABELS } from './audit-labels.ts';

export { AUDIT_ACTION_LABELS, type AuditAction } from './audit-labels.ts';

export const auditMessages = {
  title: 'Auditoria',
  intro:
    'Cada alteração e cada exibição de dado pessoal, com quem, quando, de qual endereço e o que mudou. Os últimos 12 meses podem ser consultados.',
  actions: AUDIT_ACTION_LABELS as Record<string, string>,
  /** The chain head last published outside the database (decision 125): what an auditor compares with their copy. */
  publishedHead: (seq: string, mac: string, when: string) =>
    `Trilha protegida: último topo publicado nº ${seq} (${mac}…) em ${when}.`,
  noPublishedHead: 'Nenhum topo da trilha desta empresa foi publicado ainda.',
  invalidPublishedHead: 'O último topo publicado da trilha não tem assinatura válida: avise a equipe de segurança.',
  /** An action the catalogue does not name yet is shown as recorded. */
  unknownAction: (action: string) => `Ação ${action}`,
  fields: AUDIT_FIELD_LABELS,
  values: AUDIT_VALUE_LABELS,
  columns: {
    when: 'Quando',
    who: 'Quem',
    address: 'Endereço IP',
    what: 'O quê',
    changes: 'Antes → depois',
  },
  csvColumns: {
    when: 'Data e hora',
    login: 'Login',
    name: 'Nome',
    nomeUsuario: 'Nome',
    numeroDocumento: 'CPF',
    numCelular: 'Celular',
    perfis: 'Perfil',
    perfil: 'Perfil',
    address: 'Endereço IP',
    action: 'Ação',
    target: 'Sobre',
    changes: 'Antes → depois',
  },
  filters: {
    legend: 'Filtros',
    from: 'De',
    to: 'Até',
    operator: 'Operador (login)',
    operatorPlaceholder: 'ex.: maria.souza',
    card: 'Cartão (final ou CPF)',
    cardPlaceholder: '4 dígitos ou CPF',
    action: 'Ação',
    anyAction: 'Todas as ações',
    submit: 'Filtrar',
    clear: 'Limpar filtros',
  },
  period: {
    required: 'Informe as duas datas do período.',
    order: 'A data inicial deve ser anterior ou igual à data final.',
    tooOld: 'A auditoria na tela alcança os últimos 12 meses: escolha uma data inicial mais recente.',
    future: 'A data final não pode estar no futuro.',
  },
  periodInvalid: 'Período inválido.',
  operatorInvalid: 'Informe o login do operador (letras, números, ponto, hífen ou sublinhado).',
  cardInvalid: 'Informe os 4 últimos dígitos do cartão ou o CPF do portador (11 dígitos).',
  actionInvalid: 'Escolha uma ação da lista.',
  cursorInvalid: 'A página pedida não é desta consulta. Recarregue a lista.',
  loading: 'Carregando a auditoria…',
  failure: 'Não foi possível carregar a auditoria.',
  retry: 'Tentar de novo',
  empty: 'Nenhum registro no período e nos filtros escolhidos.',
  more: 'Carregar mais',
  shown: (n: string) => `${n} registros exibidos`,
  exportLabel: 'Exportar CSV',
  nobody: 'Sistema',
  noAddress: '—',
  noChanges: '—',
  empty_value: '(vazio)',
  cardTarget: (last4: string, holder: string | null) =>
    holder ? `cartão final ${last4} · ${holder}` : `cartão final ${last4}`,
  yes: 'Sim',
  no: 'Não',
  fileName: 'auditoria',
} as const;
