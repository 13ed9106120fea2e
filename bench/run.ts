// `npm run bench`: every benchmark in bench/, one after another, each printing its figures and ratios.
import { spawnSync } from 'node:child_process';

const BENCHES = ['bench/proxy.ts'];
let failed = false;
for (const file of BENCHES) {
  console.info(`\n== ${file}`);
  const run = spawnSync('npx', ['tsx', file], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
