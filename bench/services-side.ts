// One side of bench/services.ts: a process that loads the provider's read services from its own checkout (the base
// revision's or this one's), opens its own copy of the seeded database, and runs N calls of one read when the parent
// asks, answering with its CPU per call. Nothing else runs in it, so its CPU is the service's: the statements sent,
// the driver's parsing, drizzle's mapping, the answer built (PGlite's engine too, which runs in this process).
import { existsSync } from 'node:fs';
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
const { listCompanies } = await import(`${root}/src/provider/services/companies.ts`);
const { authorizationHistory } = await import(`${root}/src/provider/services/history.ts`);
/**
 * A checkout from issue 25 on finds the company and card in the scope step (http/scope) and hands the services its
 * Scope; an earlier one reads them in the services' chokepoints. Each side calls its own checkout's way.
 */
const scoped = existsSync(`${root}/src/provider/http/scope/index.ts`);
const scope = scoped
  ? {
      ...(await import(`${root}/src/provider/http/scope/company.ts`)),
      ...(await import(`${root}/src/provider/http/scope/card.ts`)),
    }
  : {
      ...(await import(`${root}/src/provider/services/companies.ts`)),
      ...(await import(`${root}/src/provider/services/cards.ts`)),
    };

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

const principal = { userId: user.id };
const companyOf = () =>
  scoped
    ? scope.companyScope(db, principal, { cnpj: company.cnpj, relationCode: company.relation_code }, 'cards.read')
    : scope.companyOfUser(db, user.id, company.cnpj, company.relation_code);
const cardOf = () =>
  scoped
    ? scope.cardScope(db, principal, { accountId: card.id, last4: card.last4 }, 'cards.read')
    : scope.cardOfUser(db, user.id, card.id, card.last4);

/** Each read as its route makes it (the company or card found first, with the operator's profile). */
const calls: Record<ServiceCall, () => Promise<unknown>> = {
  companies: () => listCompanies(db, user.id),
  accounts: async () => {
    const found = await companyOf();
    return pageAccounts(db, scoped ? found.company.id : found.id, null, 'N');
  },
  consult: async () => {
    const { account, card: found } = await cardOf();
    return { account, card: found };
  },
  history: async () =>
    scoped
      ? authorizationHistory(
          db,
          await scope.cardRefScope(db, principal, { accountId: card.id, last4: card.last4 }, 'cards.read'),
        )
      : authorizationHistory(db, user.id, card.id, card.last4),
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
