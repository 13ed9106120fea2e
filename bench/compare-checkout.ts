// The base side of bench/compare.ts: a second checkout of the repository at the base revision, beside this one.
// A detached git worktree under /tmp, reused by later runs (and never removed here: it is the user's to remove
// with `git worktree remove`), with node_modules shared when the lock files agree, else installed with `npm ci`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Checkout {
  dir: string;
  /** The commit it is at, or a note when the folder is not a git checkout. */
  commit: string;
}

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit a folder is checked out at, or undefined when it is not a git checkout. */
function headOf(dir: string): string | undefined {
  try {
    return git(dir, 'rev-parse', 'HEAD');
  } catch {
    return undefined;
  }
}

/** What the working tree of this checkout adds to its HEAD, as one line: the candidate side is HEAD plus that. */
export function describeWorkingTree(dir: string): string {
  const head = headOf(dir);
  if (!head) return `${dir} (not a git checkout)`;
  // Untracked files count too: a new module under src/ is part of what the candidate runs.
  const lines = git(dir, 'status', '--porcelain').split('\n').filter(Boolean);
  const untracked = lines.filter((line) => line.startsWith('??')).length;
  const changed = lines.length - untracked;
  return `${dir} at ${head.slice(0, 7)} + working tree: ${changed} changed, ${untracked} untracked file(s)`;
}

/**
 * The checkout of `rev` beside `candidateDir`: /tmp/fidis-compare-<sha7>, made with `git worktree add --detach`
 * when missing and reused when it is already at that commit. A folder there at another commit is left alone and
 * the run stops: it may hold someone's work.
 */
export function checkoutOf(candidateDir: string, rev: string): Checkout {
  let commit: string;
  try {
    commit = git(candidateDir, 'rev-parse', '--verify', `${rev}^{commit}`);
  } catch {
    throw new Error(`--base=${rev} is not a commit of ${candidateDir}`);
  }
  const dir = `/tmp/fidis-compare-${commit.slice(0, 7)}`;
  if (existsSync(dir)) {
    const at = headOf(dir);
    if (at !== commit) {
      throw new Error(`${dir} exists but is at ${at ?? 'no git commit'}, not ${commit}: remove it or pass --base-dir`);
    }
    console.info(`base checkout: reusing ${dir} (${commit.slice(0, 7)})`);
  } else {
    console.info(`base checkout: git worktree add --detach ${dir} ${commit.slice(0, 7)}`);
    git(candidateDir, 'worktree', 'add', '--detach', dir, commit);
  }
  return { dir, commit };
}

/** An existing folder given with --base-dir, used as it is. */
export function existingCheckout(dir: string): Checkout {
  const abs = resolve(dir);
  if (!existsSync(join(abs, 'src', 'provider', 'start.ts'))) {
    throw new Error(`--base-dir=${dir}: no src/provider/start.ts there, not a fidis checkout`);
  }
  return { dir: abs, commit: headOf(abs) ?? '(not a git checkout)' };
}

/**
 * Gives the checkout its dependencies: the candidate's node_modules through a symlink when both lock files are
 * byte for byte the same (the same packages, and no minutes of `npm ci`), else its own `npm ci`.
 */
export function ensureDependencies(checkout: Checkout, candidateDir: string): void {
  const modules = join(checkout.dir, 'node_modules');
  if (existsSync(modules)) return;
  const lock = (dir: string) => readFileSync(join(dir, 'package-lock.json'), 'utf8');
  if (lock(checkout.dir) === lock(candidateDir)) {
    console.info(`base checkout: same package-lock.json, node_modules linked to ${candidateDir}/node_modules`);
    symlinkSync(join(candidateDir, 'node_modules'), modules, 'dir');
    return;
  }
  console.info(`base checkout: package-lock.json differs from the candidate's, running npm ci in ${checkout.dir}`);
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: checkout.dir, stdio: 'inherit' });
  if (install.status !== 0) throw new Error(`npm ci failed in ${checkout.dir}`);
}
