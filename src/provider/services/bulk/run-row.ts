// One row, applied through the very service the single-card screen calls (limits, block, card request, spending
// controls): the rules are theirs. It runs inside the caller's transaction (a savepoint), so a refusal rolls back the row alone.
import { and, eq } from 'drizzle-orm';
import type { BulkPreviewRow, ParsedRow } from '../../../contracts/bulk.ts';
import { messages } from '../../../contracts/messages.ts';
import { controlsRecord } from '../../../contracts/spending-controls.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { accounts, cards } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CardScope, CompanyScope } from '../../http/scope/types.ts';
import { blockCard, type ChangeAt } from '../card-controls.ts';
import { cardInCompany } from '../cards.ts';
import { changeLimit, limitOfAccount } from '../limits.ts';
import { createProposal, ProposalRefused } from '../proposals.ts';
import { changeCardControls, readCardControls } from '../spending/controls.ts';
import { controlsImpact } from '../spending/impact.ts';
import { proposalIdOf } from './keys.ts';

const r = messages.bulk.reasons;

/** A refusal a row reports instead of failing the call. */
export class RowRefused extends Error {}

/** The card of the company's holder with this CPF whose card (or second copy) ends in these digits. */
async function cardOf(db: DbExecutor, scope: CompanyScope, cpf: string, last4: string): Promise<CardScope> {
  const rows = await db
    .select({ accountId: accounts.id, cardId: cards.id, last4: cards.last4, last4TwoWay: cards.last4TwoWay })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(and(eq(accounts.companyId, scope.company.id), eq(accounts.documentNumber, cpf)));
  // Unknown here and another company's look the same: nothing about other companies is told.
  if (rows.length === 0) throw new RowRefused(r.notInCompany);
  const match = rows.find((c) => c.last4 === last4 || c.last4TwoWay === last4);
  if (!match) throw new RowRefused(r.cardNotFound(last4));
  return cardInCompany(db, scope, match.accountId, match.cardId);
}

export interface RowDone {
  target: string;
  after: Record<string, unknown>;
  /** A limits row: the available limit before the change (the dry run shows atual → novo). */
  current?: number;
  /** A controls row of the dry run: the controls before and after, and the 30-day impact of the new ones. */
  controls?: BulkPreviewRow['controls'];
}

/** What a row's run is for: the dry run also reads what the screen shows beside the row (atual → novo, impact). */
export interface RunFor {
  dryRun: boolean;
}

export async function runRow(
  tx: DbExecutor,
  scope: CompanyScope,
  actor: ChangeAt,
  row: ParsedRow,
  key: string,
  runFor: RunFor = { dryRun: false },
): Promise<RowDone> {
  // The services open their own transaction; on a transaction that is a savepoint inside it.
  const db = tx as unknown as Db;
  if (row.kind === 'limits') {
    const card = await cardOf(tx, scope, row.cpf, row.last4);
    const { availableLimit: current } = await limitOfAccount(tx, card.account);
    const limit = await changeLimit(db, card, actor, { availableLimit: row.amount });
    return {
      target: `account:${card.account.id}`,
      after: { last4: row.last4, availableLimit: limit.availableLimit, creditLimit: limit.creditLimit },
      current,
    };
  }
  if (row.kind === 'blocks') {
    const card = await cardOf(tx, scope, row.cpf, row.last4);
    await blockCard(db, card, actor, { blockingReason: row.reason, descriptionOccurrence: row.description });
    return { target: `account:${card.account.id}`, after: { last4: row.last4, blockCode: row.reason } };
  }
  if (row.kind === 'controls') {
    const card = await cardOf(tx, scope, row.cpf, row.last4);
    const before = await readCardControls(db, card);
    // The card screen's own change: its refusals, its card event (CONTROLS_CHANGE) with the controls before → after.
    // A row without controls puts the card back on the company's default; what it follows then is read back.
    const after = await changeCardControls(db, card, actor, row.controls);
    const impact = runFor.dryRun ? await controlsImpact(db, card, after.controls, actor.at) : null;
    const followed = (e: typeof after) => ({ source: e.source, controls: e.controls });
    return {
      target: `account:${card.account.id}`,
      after: { last4: row.last4, ...controlsRecord(after.source, after.controls) },
      ...(impact ? { controls: { before: followed(before), after: followed(after), impact } } : {}),
    };
  }
  const proposal = { ...row.proposal, uuid: proposalIdOf(key), relationCode: scope.company.relationCode };
  const made = await createProposal(db, scope, proposal, actor.at, actor.address ?? null);
  return { target: `account:${made.uuid}`, after: { proposalId: made.proposalId, last4: made.last4digits } };
}

/** The pt-BR reason of a row's refusal; anything unexpected is logged by the caller and rethrown. */
export function refusalOf(error: unknown): string | null {
  if (error instanceof RowRefused || error instanceof ProposalRefused) return error.message;
  if (error instanceof AppError && error.status < 500) return error.message;
  return null;
}
