// Spending controls (issue 30, decision 132): a card's own, or its company's default, or none (the card may spend as
// its limit allows). A card's change is a card event with the controls before and after; the company's default is
// an audit row of the company, asked with a recent proof of identity (its policy).
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { numericOf } from '../../../contracts/money.ts';
import { controlsRecord, OPEN_CONTROLS, type SpendingControls } from '../../../contracts/spending-controls.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { spendingControls } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { CardScope, CompanyScope } from '../../http/scope/types.ts';
import { type ChangeAt, changeCard } from '../card-controls.ts';
import { isPermanentlyBlocked } from '../cards.ts';
import { type Origin, recordSecurityEvent } from '../security-events.ts';

type Row = typeof spendingControls.$inferSelect;
/** The partial unique index's predicate, for the upsert's conflict target. */
const isNotNullCard = sql`${spendingControls.cardId} is not null`;

const reais = (value: string | null) => (value === null ? null : Number(value));
const stored = (value: number | null) => (value === null ? null : numericOf(Math.round(value * 100)));

export const controlsOfRow = (row: ControlsRow): SpendingControls => ({
  blockedGroups: row.blockedGroups,
  international: row.international,
  online: row.online,
  cashWithdrawal: row.cashWithdrawal,
  maxPerPurchase: reais(row.maxPerPurchase),
  dailyLimit: reais(row.dailyLimit),
  monthlyLimit: reais(row.monthlyLimit),
});

const columnsOf = (c: SpendingControls) => ({
  blockedGroups: c.blockedGroups,
  international: c.international,
  online: c.online,
  cashWithdrawal: c.cashWithdrawal,
  maxPerPurchase: stored(c.maxPerPurchase),
  dailyLimit: stored(c.dailyLimit),
  monthlyLimit: stored(c.monthlyLimit),
});

export interface EffectiveControls {
  source: 'card' | 'company' | 'none';
  controls: SpendingControls;
  companyDefault: SpendingControls | null;
}

/** The columns the controls are read from (a row, or the authorization path's JSON of it). */
export type ControlsRow = Pick<
  Row,
  | 'cardId'
  | 'blockedGroups'
  | 'international'
  | 'online'
  | 'cashWithdrawal'
  | 'maxPerPurchase'
  | 'dailyLimit'
  | 'monthlyLimit'
>;

/** Of the card's own row and the company's default, the one the card follows. */
export function effectiveOf(rows: readonly ControlsRow[], cardId: string): EffectiveControls {
  const own = rows.find((r) => r.cardId === cardId);
  const companyRow = rows.find((r) => r.cardId === null);
  const companyDefault = companyRow ? controlsOfRow(companyRow) : null;
  if (own) return { source: 'card', controls: controlsOfRow(own), companyDefault };
  if (companyDefault) return { source: 'company', controls: companyDefault, companyDefault };
  return { source: 'none', controls: OPEN_CONTROLS, companyDefault: null };
}

/** The card's row and the company's default, in one read. */
export async function effectiveControls(
  db: DbExecutor,
  ids: { companyId: number; cardId: string },
): Promise<EffectiveControls> {
  const rows = await db
    .select()
    .from(spendingControls)
    .where(
      and(
        eq(spendingControls.companyId, ids.companyId),
        or(eq(spendingControls.cardId, ids.cardId), isNull(spendingControls.cardId)),
      ),
    );
  return effectiveOf(rows, ids.cardId);
}

export function readCardControls(db: Db, scope: CardScope): Promise<EffectiveControls> {
  return effectiveControls(db, { companyId: scope.account.companyId, cardId: scope.card.id });
}

/** Sets (or, with null, removes) the card's own controls; refused on a card blocked for good. */
export function changeCardControls(
  db: Db,
  scope: CardScope,
  actor: ChangeAt,
  controls: SpendingControls | null,
): Promise<EffectiveControls> {
  return changeCard(db, scope, actor, 'CONTROLS_CHANGE', async (tx, { account, card }) => {
    if (isPermanentlyBlocked(card, account)) fail('PERMANENTLY_BLOCKED');
    const ids = { companyId: account.companyId, cardId: card.id };
    const before = await effectiveControls(tx, ids);
    if (controls === null) {
      await tx.delete(spendingControls).where(eq(spendingControls.cardId, card.id));
    } else {
      await tx
        .insert(spendingControls)
        .values({ companyId: account.companyId, cardId: card.id, ...columnsOf(controls), updatedAt: actor.at })
        .onConflictDoUpdate({
          target: spendingControls.cardId,
          targetWhere: isNotNullCard,
          set: { ...columnsOf(controls), updatedAt: actor.at },
        });
    }
    const after = await effectiveControls(tx, ids);
    return {
      before: controlsRecord(before.source, before.controls),
      after: controlsRecord(after.source, after.controls),
      result: after,
    };
  });
}
async function companyDefaultOf(db: DbExecutor, companyId: number): Promise<SpendingControls | null> {
  const [row] = await db
    .select()
    .from(spendingControls)
    .where(and(eq(spendingControls.companyId, companyId), isNull(spendingControls.cardId)));
  return row ? controlsOfRow(row) : null;
}

export async function readCompanyControls(db: Db, scope: CompanyScope) {
  return { controls: await companyDefaultOf(db, scope.company.id) };
}

export function changeCompanyControls(
  db: Db,
  scope: CompanyScope,
  controls: SpendingControls | null,
  now: Date,
  origin: Origin,
) {
  const { company } = scope;
  return db.transaction(async (tx) => {
    const before = await companyDefaultOf(tx, company.id);
    await tx
      .delete(spendingControls)
      .where(and(eq(spendingControls.companyId, company.id), isNull(spendingControls.cardId)));
    if (controls !== null) {
      await tx.insert(spendingControls).values({ companyId: company.id, ...columnsOf(controls), updatedAt: now });
    }
    await recordSecurityEvent(tx, origin.log, {
      type: 'controls.company',
      actorUserId: scope.principal.userId,
      target: `empresa:${company.cnpj}`,
      at: now,
      companyId: company.id,
      address: origin.address,
      before: before ? controlsRecord('company', before) : controlsRecord('none', OPEN_CONTROLS),
      after: controls ? controlsRecord('company', controls) : controlsRecord('none', OPEN_CONTROLS),
    });
    return { controls };
  });
}
