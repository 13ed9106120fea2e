// The deterministic demo generator: the same options always give the same companies, holders and cards,
// so tests, screenshots and benchmarks agree. It is resumable: rows carry deterministic keys and every
// insert skips what is already there; the demo operator is written last and marks a finished seed.
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../platform/database.ts';
import { OTHER_OPERATOR_LOGIN, PROFILE_OPERATORS, TEAM } from '../../demo-operators.ts';
import { hashPassword } from '../../services/passwords.ts';
import { temporaryPassword } from '../../services/temporary-password.ts';
import { temporaryPasswordExpiry } from '../../services/temporary-password-expiry.ts';
import { createDb, type Db, type DbExecutor } from '../client.ts';
import { accounts, cards, companies, portalUsers, proposals, userCompanies } from '../schema.ts';
import { BULK_CHUNK, type BulkRange, insertBulkRange, skippedRows, withoutSecondaryIndexes } from './bulk.ts';
import { bulkInsert } from './bulk-insert.ts';
import { CITIES, COMPLEMENTS, FEMALE_NAMES, MALE_NAMES, STREETS, SURNAMES } from './data.ts';
import { seedHistory } from './history.ts';
import { seedInvoices } from './invoices.ts';
import { type Lifecycle, lifecycleOf, proposalOf } from './lifecycle.ts';

export interface SeedOptions {
  /** Holders of the main demo company (company A); at least 120 so every status shows on the first pages. */
  accounts?: number;
  demoLogin: string;
  demoPassword: string;
  /** Rows per multi-row insert. */
  batchSize?: number;
  /** Generated holders per insert statement of a big company (bulk.ts). */
  bulkChunk?: number;
  /** Told how far a big seed has got. */
  onProgress?: (message: string) => void;
  /** The moment the history, invoices and card lifecycles are drawn back from; now when omitted. */
  reference?: Date;
}

export interface SeedResult {
  created: boolean;
  companies: { corporateName: string; cnpj: string; accounts: number }[];
  /** Operators created on a temporary password, who must set a new one at first access (each to be mailed). */
  newcomers: { login: string; name: string; email: string; temporaryPassword: string }[];
}

/** Above 800 so company A's card list shows the '...' after page 15. */
export const DEFAULT_DEMO_ACCOUNTS = 1000;
/**
 * Holders written row by row in JavaScript (every scenario, the exact demo data); a bigger company gets the rest
 * from the database's own generator (bulk.ts), which is what makes a million holders take seconds.
 */
export const HANDWRITTEN_ACCOUNTS = DEFAULT_DEMO_ACCOUNTS;
// The operators it writes are named in ../../demo-operators.ts, which the running provider reads without the seed.
export { OTHER_OPERATOR_LOGIN, PROFILE_OPERATORS, secondFactorExemptLogins, TEAM } from '../../demo-operators.ts';

interface CompanySpec {
  corporateName: string;
  relationCode: string;
  /** Twelve digits; the two check digits are computed. */
  cnpjBase: string;
  accountBase: bigint;
  size: (requested: number) => number;
  seed: number;
  /** How many of the first holders get an authorization history (history.ts). */
  withHistory: number;
}

const COMPANY_SPECS: readonly CompanySpec[] = [
  {
    corporateName: 'Transportadora Horizonte Ltda',
    relationCode: '000101',
    cnpjBase: '112223330001',
    accountBase: 7_000_000_000n,
    size: (n) => Math.max(n, 120),
    seed: 101,
    withHistory: 60,
  },
  {
    corporateName: 'Construtora Vale Verde S.A.',
    relationCode: '000202',
    cnpjBase: '445556660001',
    accountBase: 8_000_000_000n,
    size: () => 30,
    seed: 202,
    withHistory: 10,
  },
  {
    corporateName: 'Agropecuária Serra Azul Ltda',
    relationCode: '000303',
    cnpjBase: '778889990001',
    accountBase: 9_000_000_000n,
    size: () => 20,
    seed: 303,
    withHistory: 0,
  },
];

/** The demo's companies by name, A, B and C: what tests must not look rows up by (test/seed-names.test.ts). */
export const DEMO_COMPANY_NAMES: readonly string[] = COMPANY_SPECS.map((s) => s.corporateName);
/** The names the demo gives its operators besides the profile and team ones (demo-operators.ts). */
export const DEMO_OPERATOR_NAME = 'Operador Demonstração';
export const OTHER_OPERATOR_NAME = 'Helena Duarte Campos';

/** mulberry32: tiny, fast and good enough for demo data; never for secrets. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  return { next, int, pick, digits };
}
type Rng = ReturnType<typeof prng>;

function checkDigit(base: string, weights: number[]): string {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  const rest = sum % 11;
  return String(rest < 2 ? 0 : 11 - rest);
}

export function cpfFrom(nineDigits: string): string {
  const first = checkDigit(nineDigits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const cpf = nineDigits + first + checkDigit(nineDigits + first, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  if (!isValidCpf(cpf)) throw new Error(`seed produced an invalid CPF from ${nineDigits}`);
  return cpf;
}

function cnpjFrom(twelveDigits: string): string {
  const first = checkDigit(twelveDigits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const cnpj = twelveDigits + first + checkDigit(twelveDigits + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  if (!isValidCnpj(cnpj)) throw new Error(`seed produced an invalid CNPJ from ${twelveDigits}`);
  return cnpj;
}

function randomCpf(rng: Rng): string {
  for (;;) {
    const base = rng.digits(9);
    if (!/^(\d)\1{8}$/.test(base)) return cpfFrom(base);
  }
}

function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 16 }, () => rng.int(0, 255));
  hex[6] = ((hex[6] as number) & 0x0f) | 0x40;
  hex[8] = ((hex[8] as number) & 0x3f) | 0x80;
  const s = hex.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The states a demo holder can be in; the first rows of the main company cover each one once. */
const SCENARIOS = [
  'active',
  'blockedP',
  'blockedR',
  'blockedBE',
  'blockedO',
  'accountBlockTwo',
  'accountWarning',
  'cancelled',
  'permanent',
] as const;
type Scenario = (typeof SCENARIOS)[number];

function scenarioFor(index: number, rng: Rng): Scenario {
  if (index < SCENARIOS.length) return SCENARIOS[index] as Scenario;
  return rng.next() < 0.7 ? 'active' : rng.pick(SCENARIOS);
}

type AccountRow = typeof accounts.$inferInsert;
type CardRow = typeof cards.$inferInsert;

function holder(rng: Rng, companyId: number, accountNumber: bigint, index: number): [AccountRow, CardRow] {
  const gender = rng.next() < 0.5 ? 'M' : 'F';
  const first = rng.pick(gender === 'M' ? MALE_NAMES : FEMALE_NAMES);
  const middle = rng.pick(SURNAMES);
  const last = rng.pick(SURNAMES);
  const mother = `${rng.pick(FEMALE_NAMES)} ${rng.pick(SURNAMES)} ${middle}`.slice(0, 30);
  const city = rng.pick(CITIES);
  const scenario = scenarioFor(index, rng);
  const limit = rng.pick([1_000, 2_500, 5_000, 8_000, 10_000, 15_000, 20_000]);
  // Once an invented used amount; what is used now comes from the authorizations (history.ts). The draw
  // stays so every holder after it keeps the name, CPF and card it had.
  rng.next();
  const birth = `${rng.int(1960, 2003)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const accountId = uuidFrom(rng);
  const blockCode = scenario.startsWith('blocked') ? scenario.slice('blocked'.length) : null;
  const account: AccountRow = {
    id: accountId,
    accountNumber,
    companyId,
    holderName: `${first} ${middle} ${last}`,
    motherName: mother,
    email: ascii(`${first}.${last}${rng.int(1, 99)}@example.com`).toLowerCase(),
    phoneDdd: city.ddd,
    phoneNumber: `3${rng.digits(7)}`,
    cellDdd: city.ddd,
    cellPhone: `9${rng.digits(8)}`,
    zipCode: `${rng.pick(city.zipPrefixes)}${rng.digits(3)}`,
    address: rng.pick(STREETS),
    addressNumber: String(rng.int(1, 3999)),
    addressComplement: rng.next() < 0.4 ? rng.pick(COMPLEMENTS) : null,
    district: rng.pick(city.districts),
    city: city.city,
    state: city.state,
    gender,
    birthDate: birth,
    documentNumber: randomCpf(rng),
    creditLimit: limit.toFixed(2),
    statusDescription: scenario === 'cancelled' ? 'CANCELADA' : 'NORMAL',
    accountBlockingCodeTwo: scenario === 'accountBlockTwo' ? 'Z' : null,
    accountWarningCode: scenario === 'accountWarning' ? 'C' : null,
  };
  const blocked = blockCode !== null || scenario === 'cancelled' || scenario === 'permanent';
  const card: CardRow = {
    id: uuidFrom(rng),
    accountId,
    last4: rng.digits(4),
    logo: index % 3 === 2 ? 2 : 1,
    status: blocked ? 'Blocked' : 'Actived',
    // Cancelling an account blocks its card with reason O (spec section 4).
    blockCode: scenario === 'cancelled' ? 'O' : blockCode,
    activeFlag: scenario === 'permanent' ? 'N' : 'S',
    embossName: ascii(`${first} ${last}`).toUpperCase().slice(0, 26),
  };
  return [account, card];
}

interface BulkFill {
  companyId: number;
  /** The last hand-written account number. */
  after: bigint;
  /** CPFs of the hand-written holders, which the generated ones must not repeat. */
  takenCpfs: string[];
  /** Generated holders wanted. */
  rows: number;
  salt: number;
  chunk: number;
  onProgress?: (message: string) => void;
}

/** Splits rows 1, 2, … into ranges of `chunk` generated holders each, leaving out the skipped rows. */
function planRanges(fill: BulkFill): BulkRange[] {
  const skip = skippedRows(fill.takenCpfs);
  const ranges: BulkRange[] = [];
  let last = 0n;
  for (let planned = 0; planned < fill.rows; ) {
    const want = Math.min(fill.chunk, fill.rows - planned);
    const first = last + 1n;
    let end = first + BigInt(want) - 1n;
    while (Number(end - first) + 1 - skip.filter((s) => s >= first && s <= end).length < want) end += 1n;
    const skipped = skip.filter((s) => s >= first && s <= end);
    ranges.push({
      companyId: fill.companyId,
      after: fill.after,
      salt: fill.salt,
      firstIndex: HANDWRITTEN_ACCOUNTS,
      first,
      last: end,
      skip: skipped,
    });
    planned += want;
    last = end;
  }
  return ranges;
}

/**
 * Generates the holders past the hand-written ones in one transaction, so a run is all or nothing: a later run
 * finds either none of them (and generates them) or all of them (and moves on).
 */
async function fillBulk(db: Db, fill: BulkFill): Promise<void> {
  const [present] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.companyId, fill.companyId), gt(accounts.accountNumber, fill.after)))
    .limit(1);
  if (present) return;
  const ranges = planRanges(fill);
  await db.transaction(async (tx) => {
    const load = async () => {
      let done = 0;
      for (const range of ranges) {
        await insertBulkRange(tx, range);
        done += Number(range.last - range.first) + 1 - range.skip.length;
        fill.onProgress?.(`${(HANDWRITTEN_ACCOUNTS + done).toLocaleString('pt-BR')} contas geradas`);
      }
      await tx
        .update(companies)
        .set({ totalSubAccounts: sql`${companies.totalSubAccounts} + ${done}` })
        .where(eq(companies.id, fill.companyId));
    };
    // Below one range, rebuilding whole indexes would cost more than updating them.
    if (ranges.length > 1) {
      await withoutSecondaryIndexes(tx, ['accounts', 'cards'], load);
      fill.onProgress?.('índices e chaves estrangeiras refeitos');
    } else await load();
  });
}

async function seedCompany(
  db: Db,
  spec: CompanySpec,
  requested: number,
  {
    batchSize,
    bulkChunk,
    onProgress,
    reference,
  }: Required<Pick<SeedOptions, 'batchSize' | 'bulkChunk'>> & Pick<SeedOptions, 'onProgress'> & { reference: Date },
) {
  const cnpj = cnpjFrom(spec.cnpjBase);
  await db
    .insert(companies)
    .values({ cnpj, corporateName: spec.corporateName, relationCode: spec.relationCode })
    .onConflictDoNothing({ target: companies.cnpj });
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, cnpj));
  if (!company) throw new Error(`company ${cnpj} missing after insert`);

  const rng = prng(spec.seed);
  // The cards' lifecycle (issue date, expiry, password lock, portal request) draws from its own sequence, so every
  // value drawn from `rng` is what it was before the radar (decision 083).
  const life = prng(spec.seed + 8300);
  const size = spec.size(requested);
  const handwritten = Math.min(size, HANDWRITTEN_ACCOUNTS);
  const takenCpfs: string[] = [];
  let accountNumber = spec.accountBase;
  for (let start = 0; start < handwritten; start += batchSize) {
    const rows: [AccountRow, CardRow][] = [];
    const lives: Lifecycle[] = [];
    for (let i = start; i < Math.min(handwritten, start + batchSize); i++) {
      // Gaps between account numbers, as a real platform has, keep the keyset honest.
      accountNumber += BigInt(rng.int(1, 3));
      const [account, card] = holder(rng, company.id, accountNumber, i);
      const lifecycle = lifecycleOf(life, {
        index: i,
        size: handwritten,
        withHistory: spec.withHistory,
        card,
        reference,
      });
      lives.push(lifecycle);
      rows.push([account, { ...card, ...lifecycle.card }]);
    }
    takenCpfs.push(...rows.map(([a]) => a.documentNumber));
    await db.transaction(async (tx) => {
      const inserted = await bulkInsert(
        tx,
        accounts,
        rows.map(([a]) => a),
      );
      if (inserted.length === 0) return;
      const fresh = new Set(inserted);
      await bulkInsert(
        tx,
        cards,
        rows.filter(([a]) => fresh.has(a.id as string)).map(([, c]) => c),
      );
      const requests = rows
        .map(([a, c], k) => {
          const at = lives[k]?.requestedAt;
          return fresh.has(a.id as string) && at ? proposalOf(a, at, c.logo) : null;
        })
        .filter((p) => p !== null);
      if (requests.length > 0) await tx.insert(proposals).values(requests).onConflictDoNothing();
      await tx
        .update(companies)
        .set({ totalSubAccounts: sql`${companies.totalSubAccounts} + ${inserted.length}` })
        .where(eq(companies.id, company.id));
    });
  }
  if (size > handwritten) {
    const rows = size - handwritten;
    const fill = { companyId: company.id, after: accountNumber, takenCpfs, rows, salt: spec.seed, chunk: bulkChunk };
    await fillBulk(db, { ...fill, onProgress });
  }
  return { id: company.id, corporateName: spec.corporateName, cnpj, accounts: size };
}

export async function seedDemo(handle: DatabaseHandle, opts: SeedOptions): Promise<SeedResult> {
  const db = createDb(handle);
  const demoLogin = opts.demoLogin.toLowerCase();
  const existing = await db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, demoLogin));
  if (existing.length > 0) return { created: false, companies: [], newcomers: [] };

  const requested = opts.accounts ?? DEFAULT_DEMO_ACCOUNTS;
  const sizes = {
    batchSize: opts.batchSize ?? 1000,
    bulkChunk: opts.bulkChunk ?? BULK_CHUNK,
    onProgress: opts.onProgress,
    reference: opts.reference ?? new Date(),
  };
  const seeded = [];
  for (const spec of COMPANY_SPECS) seeded.push(await seedCompany(db, spec, requested, sizes));
  // Fresh statistics, or the planner guesses a handful of rows and sorts instead of walking the keyset index.
  await db.execute(sql`analyze accounts, cards`);
  const [a, b, c] = seeded as [(typeof seeded)[0], (typeof seeded)[0], (typeof seeded)[0]];
  // Card history of the first holders of A and B (the later ones have none) and every company's billing cycle.
  await seedHistory(
    db,
    [
      { companyId: a.id, accountsWithHistory: COMPANY_SPECS[0]?.withHistory ?? 0, seed: 1101 },
      { companyId: b.id, accountsWithHistory: COMPANY_SPECS[1]?.withHistory ?? 0, seed: 1202 },
      { companyId: c.id, accountsWithHistory: COMPANY_SPECS[2]?.withHistory ?? 0, seed: 1303 },
    ],
    sizes.reference,
  );
  // Invoices and relationship limits come after the accounts (and the history seed's billing cycle).
  await seedInvoices(db, sizes.reference);

  const rng = prng(909);
  const passwordHash = await hashPassword(opts.demoPassword);
  const newcomers: SeedResult['newcomers'] = [];
  const temporaryHashes = new Map<string, string>();
  for (const member of TEAM.filter((m) => m.temporary)) {
    const password = temporaryPassword();
    temporaryHashes.set(member.login, await hashPassword(password));
    const email = `${member.login}@example.com`;
    newcomers.push({ login: member.login, name: member.name, email, temporaryPassword: password });
  }
  await db.transaction(async (tx) => {
    // The other company's operator first: the demo operator is the marker of a finished seed.
    const operators = [
      { login: OTHER_OPERATOR_LOGIN, name: OTHER_OPERATOR_NAME, companies: [c.id] },
      ...TEAM.map((m) => ({ login: m.login, name: m.name, companies: [a.id] })),
      { login: demoLogin, name: DEMO_OPERATOR_NAME, companies: [a.id, b.id] },
    ];
    for (const op of operators) {
      const document = randomCpf(rng);
      const mobile = Number(`9${rng.digits(8)}`);
      const [user] = await tx
        .insert(portalUsers)
        .values({
          login: op.login,
          document,
          name: op.name,
          email: `${op.login}@example.com`,
          ddi: 55,
          ddd: 11,
          mobile,
          passwordHash: temporaryHashes.get(op.login) ?? passwordHash,
          mustChangePassword: temporaryHashes.has(op.login),
          // The newcomers' passwords are mailed now, at the first start: their 72 hours start now too.
          temporaryPasswordExpiresAt: temporaryHashes.has(op.login) ? temporaryPasswordExpiry(new Date()) : null,
        })
        .onConflictDoNothing({ target: portalUsers.login })
        .returning({ id: portalUsers.id });
      // An operator left by an interrupted seed keeps its password and links.
      if (!user) continue;
      await tx.insert(userCompanies).values(op.companies.map((companyId) => ({ userId: user.id, companyId })));
    }
    await insertProfileOperators(tx, passwordHash, a.id);
  });
  return {
    created: true,
    companies: seeded.map(({ corporateName, cnpj, accounts: n }) => ({ corporateName, cnpj, accounts: n })),
    newcomers,
  };
}

/** The profile operators, in the demo company (company A); those already there are left alone. */
async function insertProfileOperators(tx: DbExecutor, passwordHash: string, companyId: number): Promise<void> {
  // Their own sequence, so the other operators' documents stay what they were before profiles.
  const rng = prng(1616);
  for (const op of PROFILE_OPERATORS) {
    const [user] = await tx
      .insert(portalUsers)
      .values({
        login: op.login,
        document: randomCpf(rng),
        name: op.name,
        email: `${op.login}@example.com`,
        ddi: 55,
        ddd: 11,
        mobile: Number(`9${rng.digits(8)}`),
        passwordHash,
        mustChangePassword: false,
        temporaryPasswordExpiresAt: null,
      })
      .onConflictDoNothing()
      .returning({ id: portalUsers.id });
    if (!user) continue;
    await tx.insert(userCompanies).values({ userId: user.id, companyId, profile: op.profile });
  }
}

/**
 * Sets the demo operator's password (and lifts any lockout or deactivation), so a launcher that generates a
 * fresh demo password at each start can print one that works. The profile operators (issue 16) get the same
 * password; a demo seeded before them gets them now, in the demo company.
 */
export async function ensureDemoOperator(
  handle: DatabaseHandle,
  opts: { demoLogin: string; demoPassword: string },
): Promise<void> {
  const db = createDb(handle);
  await db
    .update(portalUsers)
    .set({
      passwordHash: await hashPassword(opts.demoPassword),
      mustChangePassword: false,
      failedLogins: 0,
      lockedUntil: null,
      status: 'ATIVO',
      // A reactivation: the 90-day inactivity job (decision 076) counts from here, not from an old demo's start.
      updatedAt: new Date(),
    })
    .where(eq(portalUsers.login, opts.demoLogin.toLowerCase()));
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .select({ id: portalUsers.id, passwordHash: portalUsers.passwordHash })
      .from(portalUsers)
      .where(eq(portalUsers.login, opts.demoLogin.toLowerCase()));
    if (!demo) return;
    // The demo company is the demo operator's first (company A, seeded first).
    const [first] = await tx
      .select({ companyId: userCompanies.companyId })
      .from(userCompanies)
      .where(eq(userCompanies.userId, demo.id))
      .orderBy(asc(userCompanies.companyId))
      .limit(1);
    if (first) await insertProfileOperators(tx, demo.passwordHash, first.companyId);
    await tx
      .update(portalUsers)
      .set({ passwordHash: demo.passwordHash, mustChangePassword: false, failedLogins: 0, lockedUntil: null })
      .where(
        inArray(
          portalUsers.login,
          PROFILE_OPERATORS.map((o) => o.login),
        ),
      );
  });
}
