// The card search and the status reasons (issue 27): the pt-BR texts of the feature. No zod here: the cards list
// loads them with its first paint.
import type { StatusReason } from './card-state.ts';

export const cardSearchMessages = {
  /** The spec's two states (section 2, cards list), as messages.cards has them. */
  active: 'Ativo',
  inactive: 'Inativo',
  /** What follows "Inativo · " on the status chip. */
  reasons: {
    cancelada: 'cancelada',
    perda: 'perda',
    roubo: 'roubo',
    permanente: 'bloqueio permanente',
    temporario: 'bloqueio temporário',
    outro: 'outro motivo',
    'conta-bloqueada': 'conta bloqueada',
    alerta: 'alerta na conta',
  } satisfies Record<StatusReason, string>,
  /** The status filter's options, in the order the select lists them. */
  filters: {
    todos: 'Todos os status',
    ativo: 'Ativos',
    inativo: 'Inativos (qualquer motivo)',
    cancelada: 'Inativo · cancelada',
    perda: 'Inativo · perda',
    roubo: 'Inativo · roubo',
    permanente: 'Inativo · bloqueio permanente',
    temporario: 'Inativo · bloqueio temporário',
    outro: 'Inativo · outro motivo',
    'conta-bloqueada': 'Inativo · conta bloqueada',
    alerta: 'Inativo · alerta na conta',
  },
  placeholder: 'Buscar por nome, CPF ou final do cartão',
  label: 'Buscar por nome, CPF ou final do cartão',
  statusLabel: 'Status',
  hint: 'Qualquer palavra do nome (ou o começo dela), o CPF (ou o começo dele) ou os 4 últimos dígitos do cartão.',
  searching: 'Buscando cartões',
  resultTitle: 'Resultado da busca',
  empty: 'Nenhum cartão encontrado com estes critérios.',
  failure: 'Não foi possível buscar os cartões agora.',
  clear: 'Limpar busca',
  more: 'Carregar mais',
  shown: (n: number) => (n === 1 ? '1 cartão encontrado' : `${n} cartões encontrados`),
  shownMore: (n: number) => `${n} cartões mostrados; há mais`,
  openRow: (holder: string) => `Abrir o cartão de ${holder}`,
  /** The provider's refusals (400), each naming what to fix. */
  termInvalid: 'Use letras, números, espaços, ponto ou hífen na busca (até 40 caracteres).',
  tooManyDigits: 'Um CPF tem 11 dígitos e o final do cartão, 4: a busca tem dígitos demais.',
  statusInvalid: 'Status inválido para a busca de cartões.',
  criteriaRequired: 'Informe um nome, CPF ou final do cartão, ou escolha um status.',
  cursorInvalid: 'A posição da busca não é válida. Faça a busca novamente.',
} as const;
