// Card requests (credit proposals): the eligibility rules (codes 6 and 38) and, on success, the new account
// and its card, written with the company's counter in one transaction (decision 023).
import { randomInt } from 'node:crypto';
import { and, eq, max, ne, sql } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import { centsOf } from '../../contracts/money.ts';
import { normalizeSpaces, stripWhitespace } from '../../contracts/proposal-rules.ts';
import type { ProposalBody, ProposalResponse } from '../../contracts/schemas.ts';
import { appendAudit, appendCardEvent } from '../audit/append.ts';
import type { Db, DbExecutor } from '../db/client.ts';
import { accounts, cards, companies, proposals } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { CompanyScope } from '../http/scope/types.ts';
import { relationshipLimit } from './limit-usage.ts';

/** The platform's refusal codes the portal knows (spec section 8). */
export const PROPOSAL_CODES = { noLimit: 38, cpfNotAllowed: 6 } as const;

export class ProposalRefused extends Error {
  constructor(
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProposalRefused';
  }
}

const CANCELLED = 'CANCELADA';
const toCents = centsOf;

/**
 * Code 6: the CPF may not receive a card in this relationship when it already holds an account of the
 * company that is not CANCELADA.
 */
export async function holdsActiveAccount(db: DbExecutor, companyId: number, documentNumber: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        eq(accounts.documentNumber, documentNumber),
        ne(accounts.statusDescription, CANCELLED),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The relationship's free limit in centavos: its limit minus the credit limits of its accounts not CANCELADA. */
export async function availableRelationshipLimit(db: DbExecutor, companyId: number): Promise<number> {
  const relationship = await relationshipLimit(db, companyId);
  return relationship.limit - relationship.committed;
}

/** The account the proposal opens: the delivery address is the group of the chosen type. */
function accountOf(p: ProposalBody, companyId: number, accountNumber: bigint) {
  const clean = (v: string) => normalizeSpaces(v).trim();
  const home = p.typeAddress === 'R';
  const complement = stripWhitespace(home ? p.addressHomecomplement : p.addressWorkComplement);
  const limit = (toCents(p.creditLimit) / 100).toFixed(2);
  return {
    accountNumber,
    companyId,
    mainAccount: p.mainAccount,
    holderName: clean(p.clientName),
    motherName: clean(p.motherName),
    email: p.email.trim().toLowerCase(),
    phoneDdd: p.dddHome || null,
    phoneNumber: p.phoneNumberHome || null,
    cellDdd: p.dddCellPhone,
    cellPhone: p.cellPhone,
    zipCode: home ? p.zipCode : p.zipCodeWork,
    address: clean(home ? p.addressHome : p.addressWork),
    addressNumber: clean(home ? p.addressHomeNumber : p.addressNumberWork),
    addressComplement: complement || null,
    district: clean(home ? p.district : p.districtWork),
    city: clean(home ? p.cityHome : p.cityWork),
    state: clean(home ? p.cityHomeCode : p.cityCodeWork).toUpperCase(),
    gender: p.gender,
    birthDate: p.birthDate,
    documentNumber: p.documentNumber,
    creditLimit: limit,
    statusDescription: 'NORMAL',
  } satisfies typeof accounts.$inferInsert;
}

/** A card's last four digits: random, never 0000. */
const randomLast4 = () => String(randomInt(1, 10_000)).padStart(4, '0');

/** A new account and holder card in the scope's relationship (the company its relation code named). */
export async function createProposal(
  db: Db,
  scope: CompanyScope,
  proposal: ProposalBody,
  now: Date,
  /** The client's address (request.ip), kept on the card event and the audit row; null for commands and jobs. */
  address: string | null = null,
): Promise<ProposalResponse> {
  const origin = address ? address.slice(0, 45) : null;
  const { company } = scope;
  const userId = scope.principal.userId;

  return db.transaction(async (tx) => {
    // The company row is the lock: two proposals of one relationship are checked and written one after the other.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');

    const [existing] = await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, proposal.uuid));
    if (existing) fail('DUPLICATE_PROPOSAL');

    if (await holdsActiveAccount(tx, company.id, proposal.documentNumber)) {
      throw new ProposalRefused(PROPOSAL_CODES.cpfNotAllowed, messages.proposal.cpfNotAllowed);
    }
    if (toCents(proposal.creditLimit) > (await availableRelationshipLimit(tx, company.id))) {
      throw new ProposalRefused(PROPOSAL_CODES.noLimit, messages.proposal.noLimit);
    }

    // New account numbers continue above the company's highest one.
    const [top] = await tx
      .select({ highest: max(accounts.accountNumber) })
      .from(accounts)
      .where(eq(accounts.companyId, company.id));
    const accountNumber = (top?.highest ? BigInt(top.highest) : BigInt(company.id) * 1_000_000_000n) + 1n;

    const [account] = await tx
      .insert(accounts)
      .values({ ...accountOf(proposal, company.id, accountNumber), createdAt: now, updatedAt: now })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account insert returned nothing');
    const last4 = randomLast4();
    const embossName = normalizeSpaces(proposal.embossName).trim().toUpperCase();
    const [card] = await tx
      .insert(cards)
      .values({
        accountId: account.id,
        last4,
        logo: proposal.logo,
        org: proposal.org,
        cardType: 'TITULAR',
        status: 'Actived',
        activeFlag: 'S',
        embossName,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: cards.id });
    if (!card) throw new Error('card insert returned nothing');

    await tx.insert(proposals).values({
      id: proposal.uuid,
      companyId: company.id,
      documentNumber: proposal.documentNumber,
      logo: proposal.logo,
      payload: proposal,
      accountId: account.id,
      actorUserId: userId,
      createdAt: now,
    });
    await tx
      .update(companies)
      .set({ totalSubAccounts: sql`${companies.totalSubAccounts} + 1` })
      .where(eq(companies.id, company.id));
    const after = { accountNumber: accountNumber.toString(), last4, logo: proposal.logo, status: 'Actived' };
    await appendCardEvent(tx, {
      cardId: card.id,
      actorUserId: userId,
      at: now,
      action: 'ISSUE',
      after,
      address: origin,
      companyId: company.id,
    });
    await appendAudit(tx, {
      actorUserId: userId,
      at: now,
      action: 'proposal.accepted',
      target: `proposal:${proposal.uuid}`,
      companyId: company.id,
      address: origin,
      after: { accountId: account.id, ...after },
    });

    return {
      message: messages.proposal.success,
      proposalId: proposal.uuid,
      uuid: account.id,
      account: accountNumber.toString(),
      last4digits: last4,
    };
  });
}
