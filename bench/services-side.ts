// One side of bench/services.ts: a process that loads the provider's read services from its own checkout (the base
// revision's or this one's), opens its own copy of the seeded database, and runs N calls of one read when the parent
// asks, answering with its CPU per call. Nothing else runs in it, so its CPU is the service's: the statements sent,
// the driver's parsing, drizzle's mapping, the answer built (PGlite's engine too, which runs in this process).
import { cpuUsage } from 'node:process';

export type ServiceCall = 'companies' | 'accounts' | 'consult' | 'history';

export type SideRequest = { op: 'answer'; call: ServiceCall } | { op: 'run'; call: ServiceCall; n: number };
export type SideReply = { ok: true; answer?: string; cpuUs?: number } | { ok: false; error: string };

const root = process.env.FIDIS_SIDE_ROOT;
const database = process.env.FIDIS_SIDE_DATABASE;
if (!root || !database) throw new Error('bench/services-side.ts runs as a child of bench/services.ts');

const { openDatabase } = await import(`${root}/src/platform/database.ts`);
const { createDb } = await import(`${root}/src/provider/db/client.ts`);
const { pageAccounts } = await import(`${root}/src/provider/services/accounts.ts`);
const { companyOfUser, listCompanies } = await import(`${root}/src/provider/services/companies.ts`);
const { cardOfUser } = await import(`${root}/src/provider/services/cards.ts`);
const { authorizationHistory } = await import(`${root}/src/provider/services/history.ts`);

const handle = await openDatabase(database.startsWith('postgres') ? { databaseUrl: database } : { dataDir: database });
const db = createDb(handle);
const rowsOf = async <T>(sql: string): Promise<T[]> => (await handle.sql.query(sql, [])).rows as T[];
const [user] = await rowsOf<{ id: string }>(`select id from portal_users where login = 'demo'`);
const [company] = await rowsOf<{ cnpj: string; relation_code: string }>(
  `select cnpj, relation_code from companies where relation_code = '000101'`,
);
// The company's first holder card: the one with the longest history in the seed.
const [card] = await rowsOf<{ id: string; last4: string }>(
  `select a.id, k.last4 from accounts a join companies c on c.id = a.company_id join cards k on k.account_id = a.id
   and k.card_type = 'TITULAR' where c.relation_code = '000101' order by a.account_number limit 1`,
);
if (!user || !company || !card) throw new Error('the seed has no demo operator, company 000101 or holder card');

/** Each read as its route makes it (the chokepoint first), outside a request: no permission in scope. */
const calls: Record<ServiceCall, () => Promise<unknown>> = {
  companies: () => listCompanies(db, user.id),
  accounts: async () => {
    const found = await companyOfUser(db, user.id, company.cnpj, company.relation_code);
    return pageAccounts(db, found.id, null, 'N');
  },
  consult: () => cardOfUser(db, user.id, card.id, card.last4),
  history: () => authorizationHistory(db, user.id, card.id, card.last4),
};

const json = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));

process.on('message', async (request: SideRequest) => {
  try {
    const call = calls[request.call];
    if (request.op === 'answer') return process.send?.({ ok: true, answer: json(await call()) } satisfies SideReply);
    const before = cpuUsage();
    for (let i = 0; i < request.n; i++) await call();
    const used = cpuUsage(before);
    process.send?.({ ok: true, cpuUs: (used.user + used.system) / request.n } satisfies SideReply);
  } catch (err) {
    process.send?.({ ok: false, error: String(err) } satisfies SideReply);
  }
});
process.on('disconnect', () => void handle.close().finally(() => process.exit(0)));
process.send?.({ ok: true } satisfies SideReply);
