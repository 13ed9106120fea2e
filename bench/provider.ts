// Provider throughput (issue 17): four authenticated reads against the provider's real app and against a bare
// Fastify server that does only the work those reads need (bench/provider-bare.ts: the JWT check, the session and
// user read, the route's own statements through the same driver, JSON.stringify). The ratio provider ÷ bare is what
// the provider's plumbing costs; the CPU per request of each server process says where.
//
// Each server runs in its own process (bench/provider-server.ts), autocannon in a third (bench/proxy-load.ts), this
// one only orchestrates. PGlite first (each server opens its own copy of one seeded folder, so both hold the very
// same rows, sessions and keys), then PostgreSQL when DATABASE_URL is set or --pg is given (a database of its own,
// bench_provider, created afresh and dropped at the end). Before anything is timed, both apps run in-process over a
// recording client: they must send the very same statements with the same parameters (the session read aside: the
// provider keeps a session it read for a second, the bare server reads it on every call) and answer the same JSON, and
// over HTTP both servers must answer the same JSON again. Not a test: nothing asserts on time; the goals of issue 17
// are printed with the figure measured and "met" or "not met". Load averages are printed beside the figures.
//
// Flags (or env): --duration=S (BENCH_DURATION_S, 5) per side, call and load after --warmup=S (BENCH_WARMUP_S, 1);
// --rounds=N (BENCH_ROUNDS, 1: the duration is split into N interleaved rounds, sides alternating);
// --connections=1,8 (BENCH_CONNECTIONS); --calls=companies,accounts,consult,history (BENCH_CALLS);
// --pg[=URL] (or DATABASE_URL; the server, postgres://postgres@127.0.0.1:5432/test by default; the bench database
// is made next to it); --engines=pglite,postgres (BENCH_ENGINES; naming postgres without a server uses the default);
// --provider-log=info (BENCH_PROVIDER_LOG: the provider's log level, as production logs, to /dev/null; "silent" turns
// its logger off); --profile (the provider process runs under `node --cpu-prof`, its profile and the load windows
// written to /tmp/fidis-provider-profiles/, then summarised by bench/provider-profile-summary.ts per call;
// --profile=bare,provider profiles both servers).
import { type ChildProcess, spawnSync } from 'node:child_process';
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { request } from 'undici';
import type { DatabaseHandle, DatabaseOptions } from '../src/platform/database.ts';
import { createDb } from '../src/provider/db/client.ts';
import { authorizations, companies, portalUsers } from '../src/provider/db/schema.ts';
import { pageAccounts } from '../src/provider/services/accounts.ts';
import { openSession } from '../src/provider/services/sessions.ts';
import { createTokenService } from '../src/provider/services/tokens.ts';
import { parseFlags } from './flags.ts';
import { buildBare } from './provider-bare.ts';
import { SQL } from './provider-bare-sql.ts';
import type { ServerRole } from './provider-server.ts';
import { benchConfig, jwtKeyOf, realProvider } from './provider-server.ts';
import type { LoadJob } from './proxy-load.ts';
import { BENCH_DEMO, providerDataForSides, seconds } from './support/databases.ts';
import { goal, loadAverage } from './support/figures.ts';
import { askServer, forkServer, loadProcess, loadWithCpu, stopServer, Tally } from './support/processes.ts';

// ---- knobs -------------------------------------------------------------------------------------------------------
const flags = parseFlags();
const knob = (flag: string, env: string, fallback: string) => flags.get(flag) ?? process.env[env] ?? fallback;
const DURATION_S = Number(knob('duration', 'BENCH_DURATION_S', '5'));
const WARMUP_S = Number(knob('warmup', 'BENCH_WARMUP_S', '1'));
const ROUNDS = Math.max(1, Number(knob('rounds', 'BENCH_ROUNDS', '1')));
const CONNECTIONS = knob('connections', 'BENCH_CONNECTIONS', '1,8').split(',').map(Number);
const PROVIDER_LOG = knob('provider-log', 'BENCH_PROVIDER_LOG', 'info');
/** --profile: the provider runs under --cpu-prof; --profile=bare,provider: both servers do. */
const PROFILED: ServerRole[] = !flags.has('profile')
  ? []
  : flags.get('profile') === 'true'
    ? ['provider']
    : ((flags.get('profile') ?? '').split(',') as ServerRole[]);
const PROFILE = PROFILED.length > 0;
const PROFILE_DIR = join(tmpdir(), 'fidis-provider-profiles');
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const pgFlag = flags.get('pg');
const PG_URL = pgFlag && pgFlag !== 'true' ? pgFlag : pgFlag ? DEFAULT_PG : process.env.DATABASE_URL;
const ENGINES = knob('engines', 'BENCH_ENGINES', PG_URL ? 'pglite,postgres' : 'pglite').split(',');
/** Asking for the postgres engine by name is asking for a server: the default one unless told. */
const PG_SERVER = PG_URL ?? (ENGINES.includes('postgres') ? DEFAULT_PG : undefined);
const PG_DATABASE = 'bench_provider';
/** The demo company (company A of the seed, the one whose first holders have a card history). */
const DEMO_RELATION_CODE = '000101';
/** The demo operator's password in every bench database. */
const PASSWORD = BENCH_DEMO.password;

const CALLS = {
  companies: { label: 'GET /v1/corporate/companies' },
  accounts: { label: 'GET /v1/corporate/accounts (page 1)' },
  consult: { label: 'GET /v2/card/consult/{uuid}' },
  history: { label: 'GET /v2/authorization/history/consult/{uuid}' },
} as const;
type Call = keyof typeof CALLS;
const calls = knob('calls', 'BENCH_CALLS', Object.keys(CALLS).join(','))
  .split(',')
  .filter((c): c is Call => c in CALLS);
const GOAL_RATIO = 0.7;
const GOAL_CPU_US: Record<string, number> = { pglite: 500, postgres: 300 };

// ---- the data ----------------------------------------------------------------------------------------------------
interface Target {
  token: string;
  cnpj: string;
  relationCode: string;
  uuid: string;
  last4: string;
  historyRows: number;
}

function requestOf(call: Call, t: Target): { path: string; headers: Record<string, string> } {
  const authorization = `Bearer ${t.token}`;
  if (call === 'companies') return { path: '/v1/corporate/companies', headers: { authorization } };
  if (call === 'accounts')
    return { path: '/v1/corporate/accounts', headers: { authorization, cnpj: t.cnpj, relationcode: t.relationCode } };
  const path = call === 'consult' ? `/v2/card/consult/${t.uuid}` : `/v2/authorization/history/consult/${t.uuid}`;
  return { path, headers: { authorization, last4digits: t.last4 } };
}

/** A session of the demo operator and its bearer token, through the provider's own services and stored key. */
async function mintToken(handle: DatabaseHandle): Promise<string> {
  const db = createDb(handle);
  const [user] = await db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, 'demo'));
  if (!user) throw new Error('the demo operator is missing');
  const sessionId = await openSession(db, user.id, new Date());
  return createTokenService(await jwtKeyOf(handle), () => new Date()).sign({ userId: user.id, sessionId });
}

async function targetOf(handle: DatabaseHandle): Promise<Target> {
  const db = createDb(handle);
  const [company] = await db
    .select({ id: companies.id, cnpj: companies.cnpj })
    .from(companies)
    .where(eq(companies.relationCode, DEMO_RELATION_CODE));
  if (!company) throw new Error(`no company with relation code ${DEMO_RELATION_CODE}`);
  const [first] = await pageAccounts(db, company.id, null, '');
  if (!first) throw new Error('the demo company has no account');
  const history = await db
    .select({ id: authorizations.id })
    .from(authorizations)
    .where(eq(authorizations.accountId, first.uuid))
    .orderBy(asc(authorizations.id));
  return {
    token: await mintToken(handle),
    cnpj: company.cnpj,
    relationCode: DEMO_RELATION_CODE,
    uuid: first.uuid,
    last4: first.last4Digits,
    historyRows: history.length,
  };
}

interface Statement {
  sql: string;
  params: unknown[];
}
const PLAN_RUN = /^execute (fidis_plan_\d+)(?:\((.*)\))?$/s;
const PLAN_MADE = /^prepare (fidis_plan_\d+) as (.*)$/s;
/** The values of an EXECUTE written by src/platform/pglite-plans.ts, read back. */
const planValues = (written: string | undefined): unknown[] =>
  [...(written ?? '').matchAll(/E'((?:[^'\\]|''|\\\\)*)'|NULL/g)].map((m) =>
    m[1] === undefined ? null : m[1].replace(/''|\\\\/g, (pair) => pair[0] as string),
  );

/**
 * The same handle, its client's `query` recorded (statement text and parameters) before it runs. A read the
 * embedded database runs through a kept plan (pglite-plans.ts) is recorded as the statement and values it stands for.
 */
function recordingHandle(handle: DatabaseHandle, log: Statement[]): DatabaseHandle {
  const plans = new Map<string, string>();
  const client = new Proxy(handle.client as object, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'exec') {
        return (...args: unknown[]) => {
          const made = PLAN_MADE.exec(String(args[0]));
          if (made) plans.set(made[1] as string, made[2] as string);
          return value.apply(target, args);
        };
      }
      if (prop !== 'query') return value.bind(target);
      return (...args: unknown[]) => {
        const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        const text = typeof first === 'string' ? first : first.text;
        const run = PLAN_RUN.exec(text);
        if (run) log.push({ sql: plans.get(run[1] as string) ?? text, params: planValues(run[2]) });
        else log.push({ sql: text, params: second ?? (typeof first === 'string' ? [] : (first.values ?? [])) });
        return value.apply(target, args);
      };
    },
  });
  return { ...handle, client, sql: client } as DatabaseHandle;
}

/**
 * Both apps in-process over a recording client, each with a session of its own and the same clock (31 s ahead, so
 * the first call renews the session in both): same statements, same parameters, same status and JSON, or no run.
 */
async function checkSameWork(handle: DatabaseHandle, target: Target): Promise<Map<Call, number>> {
  const log: Statement[] = [];
  const recorded = recordingHandle(handle, log);
  const at = new Date(Date.now() + 31_000);
  const clock = () => at;
  const provider = realProvider(recorded, clock);
  await provider.ready();
  const bare = await buildBare({ handle: recorded, jwtKey: await jwtKeyOf(handle), clock });
  const seen = new Map<ServerRole, { statements: Statement[]; status: number; body: unknown }[]>();
  for (const [role, app] of [
    ['provider', provider],
    ['bare', bare],
  ] as const) {
    const t = { ...target, token: await mintToken(handle) };
    // Each app has a session of its own: its id reads as <session> in the statements compared.
    const sid = JSON.parse(Buffer.from(t.token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    const answers = [];
    for (const call of calls) {
      const { path, headers } = requestOf(call, t);
      log.length = 0;
      const res = await app.inject({ method: 'GET', url: path, headers });
      const statements = log.map((s) => ({
        sql: s.sql,
        params: s.params.map((v) => (v === sid ? '<session>' : v instanceof Date ? v.toISOString() : v)),
      }));
      answers.push({ statements, status: res.statusCode, body: res.json() });
    }
    seen.set(role, answers);
  }
  await provider.close();
  await bare.close();
  const counts = new Map<Call, number>();
  calls.forEach((call, i) => {
    const p = seen.get('provider')?.[i];
    const b = seen.get('bare')?.[i];
    if (!p || !b) throw new Error(`${call}: not run`);
    if (p.status !== 200 || b.status !== 200)
      throw new Error(`${call}: provider ${p.status}, bare ${b.status}: ${JSON.stringify([p.body, b.body])}`);
    // The provider reads a session it read less than a second ago from memory (session-cache.ts), the bare server
    // reads it every time: the session statements are compared where both sent one, the route's own all the time.
    const work = (list: Statement[]) => list.filter((x) => x.sql !== SQL.session && x.sql !== SQL.renew);
    // Values compared as the text PostgreSQL receives (a kept plan's values come back as text).
    const asSent = (list: Statement[]) =>
      work(list).map((x) => ({ sql: x.sql, params: x.params.map((v) => (v === null ? null : String(v))) }));
    const ps = asSent(p.statements);
    const bs = asSent(b.statements);
    if (!isDeepStrictEqual(ps, bs)) {
      throw new Error(
        `${call}: the bare server no longer sends the provider's statements (update bench/provider-bare-sql.ts and provider-bare.ts)\n` +
          `provider: ${JSON.stringify(ps, null, 1)}\nbare: ${JSON.stringify(bs, null, 1)}`,
      );
    }
    if (!isDeepStrictEqual(p.body, b.body)) throw new Error(`${call}: the two apps answer different JSON`);
    // Counted with the session read; the first call's renewal (the clock is 31 s ahead) runs once every 30 s.
    counts.set(call, ps.length + 1);
  });
  return counts;
}

interface Prepared {
  options: Record<ServerRole, DatabaseOptions>;
  target: Target;
  statements: Map<Call, number>;
  cleanup: () => Promise<void>;
}

/** The same data for both servers, the calls' target found and both servers checked to do the same work. */
async function prepareEngine(engine: string): Promise<Prepared> {
  const started = performance.now();
  if (engine === 'postgres' && !PG_SERVER) throw new Error('no PostgreSQL server: set DATABASE_URL or pass --pg');
  const { options, checked, cleanup } = await providerDataForSides(engine, ['bare', 'provider'] as const, {
    database: PG_DATABASE,
    server: PG_SERVER,
    config: benchConfig(),
    demoPassword: PASSWORD,
    check: async (handle) => {
      const target = await targetOf(handle);
      return { target, statements: await checkSameWork(handle, target) };
    },
  });
  const how =
    engine === 'pglite' ? 'seeded, checked and copied' : `database ${PG_DATABASE} created, seeded and checked`;
  console.info(`  ${engine}: ${how} in ${seconds(started)}`);
  return { options, ...checked, cleanup };
}

// ---- the servers and the load --------------------------------------------------------------------------------
class Server {
  constructor(
    readonly role: ServerRole,
    readonly child: ChildProcess,
    readonly url: string,
  ) {}
  static async start(role: ServerRole, db: DatabaseOptions, profileName?: string): Promise<Server> {
    // tsx's loader runs on a thread of its own, which --cpu-prof profiles too: each run gets a folder, and the main
    // thread's profile (thread id 0 in Node's default file name) is picked from it once the process has exited.
    const profiled = profileName ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, profileName)}.d`] : [];
    const { child, url } = await forkServer(new URL('./provider-server.ts', import.meta.url), {
      name: role,
      args: [role],
      execArgv: profiled,
      env: { BENCH_DB: JSON.stringify(db), BENCH_PROVIDER_LOG: PROVIDER_LOG },
    });
    return new Server(role, child, url);
  }
  cpuUs = () => askServer(this.child, 'cpu', 'cpuUs');
  markUs = () => askServer(this.child, 'mark', 'markUs');
  stop = () => stopServer(this.child);
}

const loader = loadProcess();
const runLoad = loader.run;

interface Row {
  call: Call;
  connections: number;
  side: Record<ServerRole, Tally>;
  load1: number;
}
interface Window {
  call: Call;
  connections: number;
  fromUs: number;
  toUs: number;
  /** Answered in the window: the summary divides self time by it. */
  requests: number;
}

const summary = (t: Tally) => {
  const figures = t.figures();
  return { ...figures, cpu: figures.perRequest('server') };
};

async function measureEngine(engine: string) {
  console.info(`\n${engine}: load average at start ${loadAverage()}`);
  const prepared = await prepareEngine(engine);
  const { target } = prepared;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const profileNameOf = (role: ServerRole) =>
    PROFILED.includes(role) ? `${role}-${engine}-${calls.join('+')}-${stamp}.cpuprofile` : undefined;
  const servers: Partial<Record<ServerRole, Server>> = {};
  const windows: Record<ServerRole, Window[]> = { bare: [], provider: [] };
  try {
    servers.bare = await Server.start('bare', prepared.options.bare, profileNameOf('bare'));
    servers.provider = await Server.start('provider', prepared.options.provider, profileNameOf('provider'));
    const bare = servers.bare;
    const provider = servers.provider;

    // Over HTTP too, both answer the same JSON for each call.
    const bytes = new Map<Call, Record<ServerRole, number>>();
    for (const call of calls) {
      const { path, headers } = requestOf(call, target);
      const answers = await Promise.all(
        [bare, provider].map(async (s) => {
          const res = await request(`${s.url}${path}`, { headers });
          const text = await res.body.text();
          if (res.statusCode !== 200) throw new Error(`${s.role} ${path}: ${res.statusCode} ${text}`);
          return text;
        }),
      );
      const [b, p] = answers as [string, string];
      if (!isDeepStrictEqual(JSON.parse(b), JSON.parse(p)))
        throw new Error(`${call}: the two servers answer differently`);
      bytes.set(call, { bare: b.length, provider: p.length });
    }
    console.info(
      `  company ${target.cnpj}/${target.relationCode}, card ${target.uuid} (last4 ${target.last4}, ` +
        `${target.historyRows} authorizations); provider logs at ${PROVIDER_LOG}${PROFILE ? `, PROFILED: ${PROFILED.join(' and ')}` : ''}`,
    );
    console.info(
      `  same statements, parameters and JSON on both servers: ${calls
        .map((c) => `${c} ${prepared.statements.get(c)} statements`)
        .join('; ')} (+ the session renewal once every 30 s)`,
    );
    console.info(
      `  answer bytes, bare / provider: ${calls
        .map((c) => `${c} ${bytes.get(c)?.bare} / ${bytes.get(c)?.provider}`)
        .join('; ')}`,
    );

    const rows: Row[] = [];
    let order = 0;
    for (const call of calls) {
      const { path, headers } = requestOf(call, target);
      for (const connections of CONNECTIONS) {
        const job = (s: Server, durationS: number): LoadJob => ({
          url: `${s.url}${path}`,
          method: 'GET',
          connections,
          durationS,
          headers,
        });
        const pair = [bare, provider];
        for (const s of order % 2 === 0 ? pair : [...pair].reverse()) await runLoad(job(s, WARMUP_S));
        const side: Record<ServerRole, Tally> = { bare: new Tally(), provider: new Tally() };
        for (let round = 0; round < ROUNDS; round++) {
          for (const s of (order + round) % 2 === 0 ? pair : [...pair].reverse()) {
            const mark = PROFILED.includes(s.role) ? await s.markUs() : 0;
            const { load: result, cpuUs } = await loadWithCpu(() => runLoad(job(s, DURATION_S / ROUNDS)), {
              server: s.cpuUs,
            });
            if (mark) {
              windows[s.role].push({
                call,
                connections,
                fromUs: mark,
                toUs: await s.markUs(),
                requests: result.requests,
              });
            }
            side[s.role].add(result, cpuUs);
          }
        }
        order++;
        rows.push({ call, connections, side, load1: loadavg()[0] ?? Number.NaN });
      }
    }
    print(engine, rows);
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
    await prepared.cleanup();
  }
  for (const role of PROFILED) {
    const profileName = profileNameOf(role);
    if (!profileName) continue;
    const file = join(PROFILE_DIR, profileName);
    const folder = `${file}.d`;
    const main = readdirSync(folder).find((name) => name.split('.')[4] === '0');
    if (!main) throw new Error(`no main-thread profile in ${folder}`);
    renameSync(join(folder, main), file);
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(`${file}.windows.json`, JSON.stringify(windows[role], null, 1));
    console.info(`\n  profile of the ${role} server: ${file} (load windows in ${file}.windows.json)`);
    spawnSync('npx', ['tsx', new URL('./provider-profile-summary.ts', import.meta.url).pathname, file], {
      stdio: 'inherit',
    });
  }
  console.info(`  ${engine}: load average at end ${loadAverage()}`);
}

let failed = false;
function print(engine: string, rows: Row[]) {
  const num = (x: number, digits: number, width: number) => x.toFixed(digits).padStart(width);
  console.info(
    `\n  ${engine}: ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} × ${DURATION_S / ROUNDS} s per side, call and load after ` +
      `${WARMUP_S} s of warm-up; each server in its own process, autocannon in another${PROFILE ? ' (profiled: figures not comparable)' : ''}`,
  );
  console.info(
    `  ${'call'.padEnd(11)}${'conn'.padStart(4)}  ${'server'.padEnd(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}` +
      `${'p99 ms'.padStart(9)}${'CPU µs/req'.padStart(12)}${'÷ bare: req/s'.padStart(15)}${'CPU'.padStart(6)}${'load1'.padStart(7)}`,
  );
  const goals: string[] = [];
  for (const row of rows) {
    const b = summary(row.side.bare);
    const p = summary(row.side.provider);
    for (const role of ['bare', 'provider'] as const) {
      const s = role === 'bare' ? b : p;
      const fails = s.failures;
      failed ||= fails > 0;
      const lead = role === 'bare' ? `${row.call.padEnd(11)}${String(row.connections).padStart(4)}` : ''.padEnd(15);
      const ratio =
        role === 'provider' ? `${num(p.rps / b.rps, 2, 15)}${num(p.cpu / b.cpu, 2, 6)}${num(row.load1, 2, 7)}` : '';
      console.info(
        `  ${lead}  ${role.padEnd(9)}${num(s.rps, 0, 8)}${num(s.p50, 3, 9)}${num(s.p99, 3, 9)}${num(s.cpu, 0, 12)}${ratio}` +
          `${fails > 0 ? `   ${fails} FAILED` : ''}`,
      );
    }
    const ratio = p.rps / b.rps;
    const cpuGoal = GOAL_CPU_US[engine] ?? Number.NaN;
    goals.push(
      `  ${row.call.padEnd(11)}${String(row.connections).padStart(2)} conn: provider ÷ bare ${ratio.toFixed(2)} ` +
        `(${goal(ratio >= GOAL_RATIO, `≥ ${GOAL_RATIO}`)}); provider CPU ${p.cpu.toFixed(0)} µs per read ` +
        `(${goal(p.cpu <= cpuGoal, `≤ ${cpuGoal} µs`)})`,
    );
  }
  console.info(`\n  goals of issue 17 (${engine}):`);
  for (const line of goals) console.info(line);
}

console.info(
  `provider throughput: ${calls.join(', ')}; connections ${CONNECTIONS.join(' and ')}; engines ${ENGINES.join(', ')}; ` +
    `load average at start ${loadAverage()} (1 / 5 / 15 min)`,
);
try {
  for (const engine of ENGINES) await measureEngine(engine);
} finally {
  loader.stop();
}
console.info(`\nload average at end ${loadAverage()}`);
if (failed) {
  console.error('some calls failed: the figures above do not measure the same call');
  process.exit(1);
}
