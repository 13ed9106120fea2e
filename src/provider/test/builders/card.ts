// A holder of the test's own: an account of a company and its holder card (one per account, TITULAR), live unless
// the test says otherwise. Returns both rows as the database has them, so a test reads ids, digits and the CPF from
// what it built.
import { eq, sql } from 'drizzle-orm';
import { accounts, cards, companies, proposals } from '../../db/schema.ts';
import { proposalOf } from '../../db/seed/lifecycle.ts';
import type { BuiltCompany } from './company.ts';
import type { Builds } from './types.ts';
import { ascii, fitName, freshAccountNumber, freshCpf, freshName, next } from './values.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export interface BuiltCard {
  account: AccountRow;
  card: CardRow;
}

export interface CardOptions {
  holderName?: string;
  /** The holder's CPF; a fresh valid one when not said. */
  document?: string;
  /** R$ 5.000,00 unless said. */
  creditLimit?: string;
  /** Any other column of the account (its status, blocking and warning codes, address…). */
  account?: Partial<Omit<typeof accounts.$inferInsert, 'companyId' | 'id'>>;
  /** Any column of the card (status, block code, active flag, expiry, password lock…). */
  card?: Partial<Omit<typeof cards.$inferInsert, 'accountId' | 'id'>>;
}

/**
 * The ways a demo holder can be (db/seed/seed.ts's scenarios), as options of buildCard: blocked with a code (the
 * card Blocked), cancelled (the account CANCELADA, its card blocked O), blocked for good (active flag N).
 */
export const holderIn = {
  blocked: (code: 'P' | 'R' | 'BE' | 'O'): CardOptions => ({ card: { status: 'Blocked', blockCode: code } }),
  cancelled: (): CardOptions => ({
    account: { statusDescription: 'CANCELADA' },
    card: { status: 'Blocked', blockCode: 'O' },
  }),
  permanentlyBlocked: (): CardOptions => ({ card: { status: 'Blocked', activeFlag: 'N' } }),
  /** The platform's second blocking code on the account (the card itself stays Actived). */
  accountBlocked: (code = 'Z'): CardOptions => ({ account: { accountBlockingCodeTwo: code } }),
  /** The platform's warning code on the account. */
  accountWarning: (code = 'C'): CardOptions => ({ account: { accountWarningCode: code } }),
} as const;

/**
 * One holder in each state the card screens handle, in the seed's order (active, blocked P, R, BE and O, the account's
 * second blocking code, its warning code, cancelled, blocked for good), then live ones: for `buildCards`'s options.
 */
export const everyState = (index: number): CardOptions =>
  [
    {},
    holderIn.blocked('P'),
    holderIn.blocked('R'),
    holderIn.blocked('BE'),
    holderIn.blocked('O'),
    holderIn.accountBlocked(),
    holderIn.accountWarning(),
    holderIn.cancelled(),
    holderIn.permanentlyBlocked(),
  ][index] ?? {};

export async function buildCard(
  t: Builds,
  company: Pick<BuiltCompany, 'id'>,
  opts: CardOptions = {},
): Promise<BuiltCard> {
  const n = next();
  const holderName = opts.holderName ?? freshName();
  const [first = 'Titular', , last = 'Teste'] = holderName.split(' ');
  return t.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        accountNumber: freshAccountNumber(),
        companyId: company.id,
        holderName,
        motherName: fitName(freshName(), 30),
        email: ascii(`${first}.${last}${n}@example.com`).toLowerCase(),
        phoneDdd: '11',
        phoneNumber: '33334444',
        cellDdd: '11',
        cellPhone: `9${String(10_000_000 + n).slice(-8)}`,
        zipCode: '01310100',
        address: 'Avenida Paulista',
        addressNumber: String(1000 + (n % 1000)),
        addressComplement: 'Sala 4',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        gender: 'F',
        birthDate: '1985-06-15',
        documentNumber: opts.document ?? freshCpf(),
        creditLimit: opts.creditLimit ?? '5000.00',
        ...opts.account,
      })
      .returning();
    if (!account) throw new Error('account insert returned nothing');
    const [card] = await tx
      .insert(cards)
      .values({
        accountId: account.id,
        last4: String(1000 + ((n * 7919) % 9000)),
        logo: 1,
        embossName: ascii(`${first} ${last}`).toUpperCase().slice(0, 26),
        ...opts.card,
      })
      .returning();
    if (!card) throw new Error('card insert returned nothing');
    // What every write that adds an account keeps, so the company's pages count it.
    await tx
      .update(companies)
      .set({ totalSubAccounts: sql`${companies.totalSubAccounts} + 1` })
      .where(eq(companies.id, company.id));
    return { account, card };
  });
}

/** `count` holders of a company, in account-number order (the order its card list shows them). */
export async function buildCards(
  t: Builds,
  company: Pick<BuiltCompany, 'id'>,
  count: number,
  opts: (index: number) => CardOptions = () => ({}),
): Promise<BuiltCard[]> {
  const built: BuiltCard[] = [];
  for (let i = 0; i < count; i++) built.push(await buildCard(t, company, opts(i)));
  return built;
}

/** The portal request (a proposal) that opened the holder's account at `at`, as the proposal endpoint keeps it. */
export async function buildRequest(t: Builds, built: BuiltCard, at: Date): Promise<void> {
  await t.db.insert(proposals).values(proposalOf(built.account, at, built.card.logo));
}
