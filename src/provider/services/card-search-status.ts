// The search's status filter in SQL: the states of contracts/card-state.ts (statusReasonOf), written as one CASE over
// the same codes in the same order. card-search.test.ts builds a holder in every state and checks that each filter
// returns exactly the rows statusReasonOf puts in it.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BLOCK_CODE_REASONS, type StatusFilter } from '../../contracts/card-state.ts';
import { accounts, cards } from '../db/schema.ts';

/** Empty (null, blank) or '0': spec section 4's "no code". */
const noCode = (column: SQL | AnyPgColumn) => sql`coalesce(btrim(${column}), '') in ('', '0')`;

/** Spec section 4's Ativo. */
const active = sql`(${cards.status} = 'Actived' and ${noCode(cards.blockCode)}
  and ${noCode(accounts.accountBlockingCodeTwo)} and ${noCode(accounts.accountWarningCode)})`;

const codeOf = (reason: string) => Object.entries(BLOCK_CODE_REASONS).find(([, r]) => r === reason)?.[0] as string;
const block = sql`btrim(${cards.blockCode})`;
const operatorCodes = Object.keys(BLOCK_CODE_REASONS);

/** An inactive card's reason, or null: statusReasonOf's order. */
const reason = sql`case
  when ${active} then null
  when ${accounts.statusDescription} = 'CANCELADA' then 'cancelada'
  when ${block} = ${codeOf('perda')} then 'perda'
  when ${block} = ${codeOf('roubo')} then 'roubo'
  when ${cards.activeFlag} = 'N' or (not ${noCode(cards.blockCode)} and ${block} not in ${operatorCodes})
    then 'permanente'
  when ${block} = ${codeOf('temporario')} then 'temporario'
  when ${block} = ${codeOf('outro')} then 'outro'
  when not ${noCode(accounts.accountBlockingCodeTwo)} then 'conta-bloqueada'
  when not ${noCode(accounts.accountWarningCode)} then 'alerta'
end`;

/** The rows a status filter keeps. */
export function statusCondition(filter: StatusFilter | undefined): SQL | undefined {
  if (filter === undefined) return undefined;
  if (filter === 'ativo') return active;
  if (filter === 'inativo') return sql`not ${active}`;
  return sql`(${reason}) = ${filter}`;
}
