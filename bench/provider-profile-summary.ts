// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the top self-time frames with their share, and the same self
// time grouped by package or file. `npx tsx bench/provider-profile-summary.ts FILE.cpuprofile [--top=15]
// [--window=CALL]`. When FILE.cpuprofile.windows.json exists (bench/provider.ts --profile writes it: the process's
// hrtime at the start and end of each timed load, the clock of the profile's timestamps), one table per call is
// printed, counting only the samples taken while that call's load ran (start-up and seeding left out); otherwise
// the whole profile. Shares are of the window's samples and of its busy ones (all but "(idle)"); with the number of
// requests answered in the windows (the windows file has it), self time is also given in µs per request.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { option } from './support/args.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Window {
  call: string;
  connections: number;
  fromUs: number;
  toUs: number;
  requests?: number;
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: npx tsx bench/provider-profile-summary.ts FILE.cpuprofile [--top=15] [--window=CALL]');
  process.exit(2);
}
const TOP = Number(option('top') ?? 15);
const onlyWindow = option('window');
const ROOT = process.cwd();

/** Where a frame comes from: a package, a project file, a Node module, PGlite's WebAssembly or V8 itself. */
function groupOf(frame: CallFrame): { group: string; where: string } {
  const { url, lineNumber } = frame;
  // No script: V8's own entries ("(garbage collector)", "(program)", "(idle)") or a native function (a syscall
  // binding such as writev, a builtin such as JSON.stringify), each its own group.
  if (!url) {
    const name = frame.functionName || '(anonymous)';
    return { group: name.startsWith('(') ? name : `native ${name}`, where: '' };
  }
  if (url.startsWith('wasm://')) return { group: 'pglite (wasm)', where: 'wasm' };
  if (url.startsWith('node:')) {
    const module = url.slice('node:'.length).split('/').slice(0, 2).join('/');
    return { group: `node:${module}`, where: `${url}:${lineNumber + 1}` };
  }
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const at = path.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const parts = path.slice(at + '/node_modules/'.length).split('/');
    const pkg = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '?');
    const inner = parts.slice(pkg.split('/').length).join('/');
    return { group: pkg, where: `${inner}:${lineNumber + 1}` };
  }
  const rel = relative(ROOT, path);
  return { group: rel, where: `${rel}:${lineNumber + 1}` };
}

function summarise(profile: Profile, title: string, windows: Window[] | null) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let t = profile.startTime;
  let total = 0;
  let idle = 0;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i] ?? 0;
    if (windows && !windows.some((w) => t >= w.fromUs && t <= w.toUs)) continue;
    // A sample stands for the time until the next one.
    const weight = timeDeltas[i + 1] ?? 0;
    const id = samples[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + weight);
    total += weight;
    if (byId.get(id)?.callFrame.functionName === '(idle)') idle += weight;
  }
  const busy = total - idle;
  const requests = windows?.every((w) => w.requests) ? windows.reduce((n, w) => n + (w.requests ?? 0), 0) : 0;
  const perRequest = (us: number) => (requests ? (us / requests).toFixed(1).padStart(8) : '       –');
  console.info(
    `\n${title}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy ` +
      `(${((busy / Math.max(1, total)) * 100).toFixed(0)}%), idle ${(idle / 1000).toFixed(0)} ms` +
      (requests ? `; ${requests} requests, ${(busy / requests).toFixed(0)} µs busy per request` : ''),
  );
  if (total === 0) {
    console.info('  no samples in this window (is the windows file from this profile?)');
    return;
  }

  // The same function may own several nodes (one per call path): self time is summed per function.
  const frames = new Map<string, { frame: CallFrame; us: number }>();
  const groups = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const f = node.callFrame;
    const key = `${f.functionName}|${f.url}|${f.lineNumber}`;
    const entry = frames.get(key) ?? { frame: f, us: 0 };
    entry.us += us;
    frames.set(key, entry);
    const { group } = groupOf(f);
    groups.set(group, (groups.get(group) ?? 0) + us);
  }
  const pct = (us: number, of: number) => `${((us / of) * 100).toFixed(1)}%`.padStart(7);
  const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
  console.info(`  top ${TOP} frames by self time      self ms  % all  % busy  µs/req  function — package / file`);
  [...frames.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, TOP)
    .forEach(({ frame, us }, i) => {
      const { group, where } = groupOf(frame);
      const name = frame.functionName || '(anonymous)';
      const place = where && !where.startsWith(group) ? `${group} ${where}` : where || group;
      console.info(
        `  ${String(i + 1).padStart(2)}. ${''.padEnd(28)}${ms(us)}${pct(us, total)}${frame.functionName === '(idle)' ? '      –' : pct(us, busy)}${perRequest(us)}  ${name} — ${place}`,
      );
    });
  console.info(`  self time by package / file         self ms  % all  % busy  µs/req`);
  [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .forEach(([group, us]) => {
      console.info(
        `      ${group.slice(0, 30).padEnd(30)}${ms(us)}${pct(us, total)}${group === '(idle)' ? '      –' : pct(us, busy)}${perRequest(us)}`,
      );
    });
}

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const windowsFile = `${file}.windows.json`;
const windows = existsSync(windowsFile) ? (JSON.parse(readFileSync(windowsFile, 'utf8')) as Window[]) : null;
console.info(
  `${file}: ${profile.samples.length} samples over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`,
);
if (!windows) {
  summarise(profile, 'whole profile', null);
} else {
  const inside = windows.every((w) => w.fromUs >= profile.startTime && w.toUs <= profile.endTime);
  if (!inside) console.info('  warning: the load windows fall outside the profile: its clock is not hrtime here');
  const calls = [...new Set(windows.map((w) => w.call))].filter((c) => !onlyWindow || c === onlyWindow);
  for (const call of calls) {
    const mine = windows.filter((w) => w.call === call);
    const conns = mine.map((w) => w.connections).join(' and ');
    summarise(profile, `${call} (${conns} connections, timed loads only)`, mine);
  }
}
