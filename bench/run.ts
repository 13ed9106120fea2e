// `npm run bench`: every benchmark in bench/, one after another, each printing its figures and ratios.
// `npm run bench -- paging bundle` runs only the named ones; arguments starting with -- go to each of them
// (`npm run bench -- provider --pg`). `load` (bench/load.ts, a quarter of an hour), `compare` (bench/compare.ts,
// which makes a git worktree of a base revision), `services` (bench/services.ts, the same for the provider's read
// services), `test-setup` (bench/test-setup.ts, what a database test file pays for its database), `network` and
// `network-steps` (the card network's authorization path, and where its time goes) run only when
// named. What the benches share (their databases, the engines, the bench server) is in bench/support/.
import { spawnSync } from 'node:child_process';

const ALL = [
  'proxy',
  'provider',
  'paging',
  'search',
  'spend',
  'bundle',
  'lighthouse',
  'first-row',
  'sign-in',
  'exports',
  'bulk',
  'audit',
  'controls-impact',
];
const ON_REQUEST = ['load', 'compare', 'services', 'test-setup', 'network', 'network-steps', 'home-work'];
const chosen = process.argv.slice(2).filter((name) => ALL.includes(name) || ON_REQUEST.includes(name));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
let failed = false;
for (const name of chosen.length > 0 ? chosen : ALL) {
  const file = `bench/${name}.ts`;
  console.info(`\n== ${file}`);
  const run = spawnSync('npx', ['tsx', file, ...flags], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
