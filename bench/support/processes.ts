// The benches' processes, launched one way for all of them: each server in a process of its own (so its CPU is
// its own and it never shares an event loop with another), either a bench server answering over IPC `{ ready: url }`
// once it listens and its CPU on request, or the product's own entry point spawned as npm runs it and ready once it
// answers GET /health; the autocannon load in one more process (bench/proxy-load.ts), one job at a time; and the
// tally of what each side served over its loads, with the CPU its processes spent meanwhile.
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { request } from 'undici';
import type { LoadJob, LoadResult } from '../proxy-load.ts';
import { quantiles } from './figures.ts';

/** The delay of a server's event loop since it was last asked (perf_hooks.monitorEventLoopDelay), in ms. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  /**
   * bench/network.ts: the provider's own time for each network authorization and /health answered since the last
   * ask, from the request's arrival to its answer written (Fastify's elapsedTime), in ms.
   */
  served?: { count: number; p50: number; p99: number; max: number };
}

/** What a bench server process answers over IPC, by what it was asked. */
interface Answers {
  cpuUs: number;
  markUs: number;
  loop: LoopDelay;
}

/** What a bench server process says over IPC (bench/proxy-server.ts, bench/provider-server.ts). */
export type ServerMessage =
  | { ready: string }
  | { [K in keyof Answers]: Pick<Answers, K> }[keyof Answers]
  | { error: string };

/** Forks `script` under tsx and resolves with the process and the URL it listens on, once it says so. */
export async function forkServer(
  script: URL,
  opts: { name: string; args?: string[]; env?: NodeJS.ProcessEnv; execArgv?: string[] },
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(script, opts.args ?? [], {
    execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
    env: { ...process.env, ...opts.env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${opts.name} process exited (${code}) while starting`)));
    child.once('message', (message: ServerMessage) => {
      if ('ready' in message) resolve(message.ready);
      else reject(new Error('error' in message ? message.error : `unexpected message from ${opts.name}`));
    });
  });
  return { child, url };
}

/**
 * Asks a server process for a figure ('cpu' → its CPU time in µs; 'mark' → the time of a profile mark; 'loop' → its
 * event loop's delay since the last ask, bench/provider-server.ts only).
 */
export function askServer<K extends keyof Answers>(child: ChildProcess, what: 'cpu' | 'mark' | 'loop', key: K) {
  return new Promise<Answers[K]>((resolve) => {
    const answer = (message: ServerMessage) => {
      if (!(key in message)) return;
      child.off('message', answer);
      resolve((message as Pick<Answers, K>)[key]);
    };
    child.on('message', answer);
    child.send(what);
  });
}

/** Stops a server process: its IPC channel closed, it ends by itself; resolves once it has exited. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.disconnect();
  });
}

/**
 * The autocannon process: `run` drives one job at a time and answers its result; `stop` ends it. bench/proxy-load.ts
 * unless another load script (answering `{ ok, result }` the same way) is named.
 */
export function loadProcess<Job extends object = LoadJob, Result = LoadResult>(
  script: URL = new URL('../proxy-load.ts', import.meta.url),
) {
  const loader = fork(script, { execArgv: ['--import', 'tsx'] });
  const run = (job: Job) =>
    new Promise<Result>((resolve, reject) => {
      // A load process that dies mid-job would otherwise leave the run waiting forever.
      const died = (code: number | null) => reject(new Error(`the load process exited (${code}) during a load`));
      loader.once('exit', died);
      loader.once('message', (msg: { ok: boolean; result?: Result; error?: string }) => {
        loader.off('exit', died);
        if (!msg.ok || !msg.result) return reject(new Error(msg.error));
        resolve(msg.result);
      });
      loader.send(job);
    });
  return { child: loader, run, stop: () => loader.disconnect() };
}

// ---- the product's own processes ---------------------------------------------------------------------------------

/** A port free right now on loopback (a spawned server is told its port: its stdout goes to /dev/null). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export interface Spawned {
  name: string;
  child: ChildProcess;
  url: string;
  /** The last lines it wrote to stderr, to say why it died. */
  stderr: () => string;
}

/**
 * Spawns `entry` (a path from `cwd`) as npm runs it, node --import tsx, its tsx resolved from `cwd`: production's
 * logs go to /dev/null, the last 4,000 characters of stderr are kept. Ready once `ready` resolves.
 */
export function spawnEntry(name: string, entry: string, opts: { cwd: string; env: NodeJS.ProcessEnv; port: number }) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-4000);
  });
  const spawned: Spawned = { name, child, url: `http://127.0.0.1:${opts.port}`, stderr: () => tail };
  return spawned;
}

/** Waits until the process answers GET /health with 200; one that exits first, or never answers, fails with its stderr. */
export async function healthy(server: Spawned, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { child } = server;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${server.name} exited (${child.exitCode ?? child.signalCode}):\n${server.stderr()}`);
    }
    try {
      const res = await request(`${server.url}/health`, { headersTimeout: 5000, bodyTimeout: 5000 });
      await res.body.dump();
      if (res.statusCode === 200) return;
    } catch {
      // Not listening yet (a provider seeds its database first).
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${server.name} did not answer /health within ${timeoutMs / 1000} s:\n${server.stderr()}`);
}

/** SIGTERM (the product closes its server and database on it), SIGKILL after 10 s; resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** µs in one tick of the kernel's CPU accounting (/proc/…/stat counts ticks). */
export const TICK_US = 1_000_000 / (Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** CPU time (user + system, all threads) a process has used so far, in µs, from /proc (10 ms steps); 0 once gone. */
export function cpuOfPid(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

// ---- what the loads served -----------------------------------------------------------------------------------------

/** What one side served over a bench's loads, load by load, and the CPU each of its processes spent meanwhile. */
export class Tally {
  requests = 0;
  elapsedMs = 0;
  latencies: number[] = [];
  /** Non-2xx answers, errors and timeouts. */
  failures = 0;
  /** µs of CPU by process name. */
  cpuUs: Record<string, number> = {};

  /** Several tallies as one (the rounds of one side). */
  static merged(tallies: readonly Tally[]): Tally {
    const all = new Tally();
    for (const t of tallies) all.add({ ...t, non2xx: t.failures, errors: 0, timeouts: 0 }, t.cpuUs);
    return all;
  }

  /** Adds one load's result, and the CPU each named process spent during it. */
  add(load: LoadResult, cpuUs: Record<string, number> = {}): this {
    this.requests += load.requests;
    this.elapsedMs += load.elapsedMs;
    for (const ms of load.latencies) this.latencies.push(ms);
    this.failures += load.non2xx + load.errors + load.timeouts;
    for (const [name, us] of Object.entries(cpuUs)) this.cpuUs[name] = (this.cpuUs[name] ?? 0) + us;
    return this;
  }

  /** Requests a second, p50 and p99 latency (ms), CPU µs per request of each process, and the failures. */
  figures() {
    const { p50, p99 } = quantiles(this.latencies);
    const perRequest = (name: string) => (this.cpuUs[name] ?? 0) / Math.max(1, this.requests);
    return { rps: (this.requests / this.elapsedMs) * 1000, p50, p99, perRequest, failures: this.failures };
  }
}

/** One load, the CPU of each named process read just before it and just after (in parallel, as close as can be). */
export async function loadWithCpu(
  run: () => Promise<LoadResult>,
  cpu: Record<string, () => number | Promise<number>>,
): Promise<{ load: LoadResult; cpuUs: Record<string, number> }> {
  const read = () =>
    Promise.all(Object.entries(cpu).map(async ([name, of]) => [name, await of()] as const)).then(
      (pairs) => new Map(pairs),
    );
  const before = await read();
  const load = await run();
  const after = await read();
  const cpuUs = Object.fromEntries([...after].map(([name, us]) => [name, us - (before.get(name) ?? 0)]));
  return { load, cpuUs };
}
