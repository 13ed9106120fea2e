// Demo card history, deterministic per company: the billing cycle (invoice_due_dates, monthly on day 22, the
// last 8 months plus the current one), and for the first accounts of a company (by account number) several
// months of authorizations and invoice transactions that exercise every rule of the history screen:
// - authorizations in every descDrop the screen keeps (NORMAL, NEGADA, ONLINE, CANCELADA, APROVADA, offline with
//   and without password validation) and in two it leaves out (OFFLINE, PENDENTE), some with an empty
//   transactionType, in R$, US$ and €; what is still open of them fits in the account's limit (settle below);
// - transactions in every group the screen keeps (CRE, DEN, PGT, DEI, DEB) and two it leaves out (TAR, IOF).
// The later accounts have no history at all (the empty case). Resumable: a company whose first account already
// has authorizations is skipped, and due dates already there are kept (the invoices seed shares them).
import { asc, eq, sql } from 'drizzle-orm';
import { isApprovedAuthorization } from '../../../contracts/authorization-status.ts';
import { centsOf, numericOf } from '../../../contracts/money.ts';
import { decidePurchase } from '../../services/authorizations.ts';
import type { Db } from '../client.ts';
import { accounts, authorizations, cards, invoiceDueDates, transactions } from '../schema.ts';
import { bulkInsert } from './bulk-insert.ts';
import { prng } from './seed.ts';

export const HISTORY_DUE_DAY = 22;
/** Due dates before the current month's. */
export const HISTORY_MONTHS_BACK = 8;
/** An invoice closes this many days before it is due; its purchases are from the month before the closing. */
const CLOSING_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface HistoryPlan {
  companyId: number;
  /** How many of the company's first accounts get history. */
  accountsWithHistory: number;
  seed: number;
}

type Rng = ReturnType<typeof prng>;
type AuthorizationRow = typeof authorizations.$inferInsert;
type TransactionRow = typeof transactions.$inferInsert;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Day-22 due dates from HISTORY_MONTHS_BACK months ago up to the reference month, oldest first. */
export function historyDueDates(reference: Date): string[] {
  const year = reference.getUTCFullYear();
  const month = reference.getUTCMonth();
  return Array.from({ length: HISTORY_MONTHS_BACK + 1 }, (_, i) =>
    iso(new Date(Date.UTC(year, month - HISTORY_MONTHS_BACK + i, HISTORY_DUE_DAY))),
  );
}

const ESTABLISHMENTS = [
  'POSTO IPIRANGA BR 116',
  'RESTAURANTE SABOR MINEIRO',
  'HOTEL IBIS CAMPINAS',
  'LATAM AIRLINES BRASIL',
  'UBER *TRIP',
  'DROGASIL 1234',
  'PAO DE ACUCAR 045',
  'LOCALIZA RENT A CAR',
  'SHELL SELECT',
  'MADERO STEAK HOUSE',
  'AZUL LINHAS AEREAS',
  'KALUNGA PAPELARIA',
] as const;
const FOREIGN = [
  { name: 'BOOKING.COM AMSTERDAM', coin: 978, country: 'NL' },
  { name: 'AMAZON.COM SEATTLE', coin: 840, country: 'US' },
  { name: 'HERTZ MIAMI AIRPORT', coin: 840, country: 'US' },
] as const;

/** Each merchant's category code (ISO 18245), so the spending controls' preview replays the history (issue 30). */
const MCC_OF: Readonly<Record<string, number>> = {
  'POSTO IPIRANGA BR 116': 5541,
  'RESTAURANTE SABOR MINEIRO': 5812,
  'HOTEL IBIS CAMPINAS': 7011,
  'LATAM AIRLINES BRASIL': 4511,
  'UBER *TRIP': 4121,
  'DROGASIL 1234': 5912,
  'PAO DE ACUCAR 045': 5411,
  'LOCALIZA RENT A CAR': 7512,
  'SHELL SELECT': 5541,
  'MADERO STEAK HOUSE': 5812,
  'AZUL LINHAS AEREAS': 4511,
  'KALUNGA PAPELARIA': 5943,
  'BOOKING.COM AMSTERDAM': 4722,
  'AMAZON.COM SEATTLE': 5942,
  'HERTZ MIAMI AIRPORT': 7512,
};

/**
 * descDrop → the platform's response descriptions for it, and how it was captured: the APROVADA drop is an offline
 * capture, shown APROVADA only when its password was not validated (spec section 4; decision 038).
 */
const DROPS: readonly {
  drop: string;
  responses: readonly string[];
  weight: number;
  offline?: boolean;
  passwordValidated?: boolean;
}[] = [
  { drop: 'NORMAL', responses: ['TRANSACAO APROVADA'], weight: 5 },
  { drop: 'APROVADA', responses: ['APROVADA OFFLINE SEM SENHA'], weight: 3, offline: true, passwordValidated: false },
  { drop: 'APROVADA', responses: ['APROVADA OFFLINE COM SENHA'], weight: 1, offline: true, passwordValidated: true },
  // The refusals a Brazilian issuer sends, each explained by the history (decision 081); one roll per pick, so the
  // longer list keeps every other seeded value where it was.
  {
    drop: 'NEGADA',
    responses: [
      'SALDO INSUFICIENTE',
      'SENHA INVALIDA',
      'CARTAO BLOQUEADO',
      'CARTAO VENCIDO',
      'TRANSACAO NAO PERMITIDA',
      'ESTABELECIMENTO INVALIDO',
    ],
    weight: 2,
  },
  { drop: 'ONLINE', responses: ['TRANSACAO DESFEITA ONLINE'], weight: 1 },
  { drop: 'CANCELADA', responses: ['TRANSACAO CANCELADA PELO ESTABELECIMENTO'], weight: 1 },
  {
    drop: 'OFFLINE',
    responses: ['OFFLINE SEM VALIDACAO DE SENHA'],
    weight: 1,
    offline: true,
    passwordValidated: false,
  },
  { drop: 'PENDENTE', responses: ['AGUARDANDO CONFIRMACAO'], weight: 1 },
];
/** The rate the demo platform records for a foreign purchase, in reais per unit (US$, €). */
export const DEMO_RATES: Readonly<Record<number, number>> = { 840: 5.4, 978: 5.9 };
const TRANSACTION_TYPES = ['COMPRA A VISTA', 'COMPRA PARCELADA', 'SAQUE'] as const;

function weighted<T extends { weight: number }>(rng: Rng, list: readonly T[]): T {
  const total = list.reduce((s, x) => s + x.weight, 0);
  let roll = rng.next() * total;
  for (const x of list) {
    roll -= x.weight;
    if (roll < 0) return x;
  }
  return list[list.length - 1] as T;
}

const reais = (min: number, max: number, rng: Rng) => (rng.int(min * 100, max * 100) / 100).toFixed(2);

interface HistoryAccount {
  id: string;
  last4: string;
  creditLimit: string;
}

/** Purchases of each history account placed after the last paid invoice closed. */
const OPEN_PURCHASES = 6;

/** When the oldest still-open cycle began: the closing of the newest invoice already due (and so paid). */
function openCycleStart(dueDates: readonly string[], reference: Date): number | null {
  const paid = dueDates.filter((d) => Date.parse(`${d}T12:00:00Z`) <= reference.getTime()).at(-1);
  return paid ? Date.parse(`${paid}T12:00:00Z`) - CLOSING_DAYS * DAY_MS + 1000 : null;
}

/** The due date whose invoice carries a purchase: the first one closing on or after it. */
function carryingDueDate(at: Date, dueDates: readonly string[]): string | null {
  for (const dueDate of dueDates) {
    if (Date.parse(`${dueDate}T12:00:00Z`) - CLOSING_DAYS * DAY_MS >= at.getTime()) return dueDate;
  }
  return null;
}

function authorizationsOf(
  rng: Rng,
  account: HistoryAccount,
  dueDates: readonly string[],
  reference: Date,
  index: number,
): AuthorizationRow[] {
  const rows: AuthorizationRow[] = [];
  const start = reference.getTime() - (HISTORY_MONTHS_BACK + 1) * 30 * DAY_MS;
  const count = rng.int(30, 50);
  const openFrom = openCycleStart(dueDates, reference) ?? start;
  for (let i = 0; i < count; i++) {
    // Whole seconds, the newest at least a minute before the reference; the last few in the cycle still open, so
    // the card shows some spend.
    const from = i >= count - OPEN_PURCHASES ? openFrom : start;
    const at = new Date(Math.floor(rng.int(from, reference.getTime() - 60_000) / 1000) * 1000);
    const drop = i < DROPS.length && index === 0 ? (DROPS[i] as (typeof DROPS)[number]) : weighted(rng, DROPS);
    const abroad = rng.next() < 0.12 ? rng.pick(FOREIGN) : null;
    const type = rng.next() < 0.12 ? '' : rng.pick(TRANSACTION_TYPES);
    const mainValue = type === 'SAQUE' ? reais(50, 800, rng) : reais(8, 2500, rng);
    const rate = abroad ? (DEMO_RATES[abroad.coin] ?? 1) : 1;
    // In the generator's order: the authorization number, then the merchant.
    const numAuthorization = rng.digits(6);
    const name: string = abroad ? abroad.name : rng.pick(ESTABLISHMENTS);
    rows.push({
      accountId: account.id,
      tmsIncl: at,
      numAuthorization,
      establishmentName: name,
      // Derived from what the generator already drew, so every other value stays put.
      mcc: type === 'SAQUE' ? 6011 : (MCC_OF[name] ?? 5999),
      merchantCountry: abroad ? abroad.country : 'BR',
      channel: type === 'SAQUE' ? 'SAQUE' : drop.drop === 'ONLINE' || abroad?.coin === 978 ? 'ONLINE' : 'PRESENCIAL',
      qtdParcel: type === 'COMPRA PARCELADA' ? rng.int(2, 10) : 1,
      coinCode: abroad ? abroad.coin : 986,
      mainValue,
      valueBrl: numericOf(Math.round(centsOf(mainValue) * rate)),
      descResponseTransaction: rng.pick(drop.responses),
      descDrop: drop.drop,
      transactionType: type,
      capturedOffline: drop.offline ?? false,
      passwordValidated: drop.passwordValidated ?? true,
    });
  }
  // The first history account shows an empty transactionType in a kept descDrop for sure.
  if (index === 0 && rows[0]) rows[0].transactionType = '';
  const settled = settle(rows, account, dueDates, reference);
  // And, whatever the day of the seed, a purchase declined for a limit today's still falls short of (decision 081).
  if (index === 0) settled.push(declinedAboveLimit(settled, account, reference));
  return settled;
}

/**
 * A purchase in reais, minutes before the reference, the platform declined for lack of limit: R$ 150 above what the
 * limit has left once the open purchases are counted. Built without the generator, so every other value stays put.
 */
function declinedAboveLimit(rows: readonly AuthorizationRow[], account: HistoryAccount, reference: Date) {
  const used = rows
    .filter((row) => !row.settledAt && isApprovedAuthorization(row))
    .reduce((sum, row) => sum + centsOf(row.valueBrl), 0);
  const value = numericOf(Math.max(0, centsOf(account.creditLimit) - used) + 15_000);
  const declined: AuthorizationRow = {
    accountId: account.id,
    tmsIncl: new Date(Math.floor(reference.getTime() / 1000) * 1000 - 5 * 60_000),
    numAuthorization: '481516',
    establishmentName: 'KALUNGA PAPELARIA',
    mcc: 5943,
    merchantCountry: 'BR',
    channel: 'PRESENCIAL',
    qtdParcel: 1,
    coinCode: 986,
    mainValue: value,
    valueBrl: value,
    descResponseTransaction: 'SALDO INSUFICIENTE',
    descDrop: 'NEGADA',
    transactionType: 'COMPRA A VISTA',
    capturedOffline: false,
    passwordValidated: true,
  };
  return declined;
}

/**
 * Replays the account's authorizations in time order as the platform would have: one carried by an invoice already
 * due was released when that invoice was paid; an approved one still open must fit in what the limit has left,
 * or the platform denied it (the same rule as authorizePurchase), so used never passes the limit.
 */
function settle(
  rows: AuthorizationRow[],
  account: HistoryAccount,
  dueDates: readonly string[],
  reference: Date,
): AuthorizationRow[] {
  let used = 0;
  const limitCents = centsOf(account.creditLimit);
  for (const row of [...rows].sort((a, b) => a.tmsIncl.getTime() - b.tmsIncl.getTime())) {
    const dueDate = carryingDueDate(row.tmsIncl, dueDates);
    const paidAt = dueDate ? new Date(`${dueDate}T12:00:00Z`) : null;
    if (paidAt && paidAt.getTime() <= reference.getTime()) {
      row.settledAt = paidAt;
      continue;
    }
    if (!isApprovedAuthorization(row)) continue;
    const valueCents = centsOf(row.valueBrl);
    const verdict = decidePurchase({ cardUsable: true, limitCents, usedCents: used, valueCents });
    if (verdict.descDrop === 'NEGADA') {
      Object.assign(row, { ...verdict, capturedOffline: false, passwordValidated: true });
    } else used += valueCents;
  }
  return rows;
}

function transactionsOf(
  rng: Rng,
  accountId: string,
  last4: string,
  dueDates: readonly string[],
  reference: Date,
): TransactionRow[] {
  const rows: TransactionRow[] = [];
  for (const dueDate of dueDates) {
    const closing = Date.parse(`${dueDate}T12:00:00Z`) - CLOSING_DAYS * DAY_MS;
    const first = closing - 30 * DAY_MS;
    const last = Math.min(closing, reference.getTime());
    if (last <= first) continue;
    const day = () => iso(new Date(rng.int(first, last)));
    const add = (group: string, description: string, national: string, international = '0.00', parcel?: string) =>
      rows.push({
        accountId,
        dueDate,
        abbreviationGroup: group,
        date: day(),
        last4,
        description,
        valueNational: national,
        valueInternational: international,
        numParcelOf: parcel ?? null,
      });
    for (let i = rng.int(2, 6); i > 0; i--) {
      const installments = rng.next() < 0.25 ? rng.int(2, 6) : 0;
      const parcel = installments
        ? `${String(rng.int(1, installments)).padStart(2, '0')}/${String(installments).padStart(2, '0')}`
        : undefined;
      add('DEN', rng.pick(ESTABLISHMENTS), reais(10, 1800, rng), '0.00', parcel);
    }
    if (rng.next() < 0.5) {
      const abroad = rng.pick(FOREIGN);
      const foreign = reais(20, 400, rng);
      add('DEI', abroad.name, (Number(foreign) * 5.4).toFixed(2), foreign);
      add('IOF', 'IOF TRANSACAO INTERNACIONAL', (Number(foreign) * 5.4 * 0.0438).toFixed(2));
    }
    add('PGT', 'PAGAMENTO RECEBIDO - OBRIGADO', reais(200, 3000, rng));
    if (rng.next() < 0.4) add('CRE', rng.pick(['ESTORNO DE COMPRA', 'CREDITO DE AJUSTE']), reais(10, 300, rng));
    if (rng.next() < 0.35) add('DEB', rng.pick(['DEBITO DE AJUSTE', 'SAQUE NACIONAL']), reais(20, 500, rng));
    if (rng.next() < 0.3) add('TAR', 'TARIFA DE ANUIDADE', '19.90');
  }
  return rows;
}

/** Seeds the billing cycle of every planned company and the history of its first accounts. */
export async function seedHistory(
  db: Db,
  plans: readonly HistoryPlan[],
  reference: Date = new Date(),
  batchSize = 2000,
): Promise<void> {
  const dueDates = historyDueDates(reference);
  for (const plan of plans) {
    await db
      .insert(invoiceDueDates)
      .values(dueDates.map((dueDate) => ({ companyId: plan.companyId, dueDate })))
      .onConflictDoNothing();
    if (plan.accountsWithHistory <= 0) continue;
    const chosen = await db
      .select({ id: accounts.id, last4: cards.last4, creditLimit: accounts.creditLimit })
      .from(accounts)
      .innerJoin(cards, eq(cards.accountId, accounts.id))
      .where(sql`${accounts.companyId} = ${plan.companyId} and ${cards.cardType} = 'TITULAR'`)
      .orderBy(asc(accounts.accountNumber))
      .limit(plan.accountsWithHistory);
    const head = chosen[0];
    if (!head) continue;
    const [done] = await db
      .select({ id: authorizations.id })
      .from(authorizations)
      .where(eq(authorizations.accountId, head.id))
      .limit(1);
    if (done) continue;

    const rng = prng(plan.seed);
    const auths: AuthorizationRow[] = [];
    const txs: TransactionRow[] = [];
    chosen.forEach((account, index) => {
      auths.push(...authorizationsOf(rng, account, dueDates, reference, index));
      txs.push(...transactionsOf(rng, account.id, account.last4, dueDates, reference));
    });
    await db.transaction(async (tx) => {
      for (let i = 0; i < auths.length; i += batchSize)
        await bulkInsert(tx, authorizations, auths.slice(i, i + batchSize));
      for (let i = 0; i < txs.length; i += batchSize) await bulkInsert(tx, transactions, txs.slice(i, i + batchSize));
    });
  }
}
