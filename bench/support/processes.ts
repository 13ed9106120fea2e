// The benches' processes, launched one way for all of them: each server in a process of its own (so its CPU is
// its own and it never shares an event loop with another), answering over IPC `{ ready: url }` once it listens and
// its CPU on request; and the autocannon load in one more process (bench/proxy-load.ts), one job at a time.
import { type ChildProcess, fork } from 'node:child_process';
import type { LoadJob, LoadResult } from '../proxy-load.ts';

/** What a bench server process says over IPC (bench/proxy-server.ts, bench/provider-server.ts). */
export type ServerMessage = { ready: string } | { cpuUs: number } | { markUs: number } | { error: string };

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

/** Asks a server process for a figure ('cpu' → its CPU time in µs; 'mark' → the time of a profile mark). */
export function askServer<K extends 'cpuUs' | 'markUs'>(child: ChildProcess, what: 'cpu' | 'mark', key: K) {
  return new Promise<number>((resolve) => {
    const answer = (message: ServerMessage) => {
      if (!(key in message)) return;
      child.off('message', answer);
      resolve((message as Record<K, number>)[key]);
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
