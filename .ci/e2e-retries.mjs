// Reads Playwright's JSON report of the E2E run and prints how many retries it used, and on which tests: the retry
// is a safety net on a loaded machine (playwright.config.ts), and the goal is a run that never needs it.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const retried = [];
let tests = 0;
const walk = (suite, path) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      tests += 1;
      const retries = (test.results ?? []).filter((r) => r.retry > 0).length;
      if (retries > 0) retried.push(`${[...path, spec.title].join(' › ')} [${test.projectName}]: ${retries}`);
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
};
for (const suite of report.suites ?? []) walk(suite, [suite.title]);
const used = retried.reduce((n, line) => n + Number(line.split(': ').at(-1)), 0);
process.stdout.write(`  E2E: ${tests} tests, ${used} retr${used === 1 ? 'y' : 'ies'} used (goal: 0)\n`);
for (const line of retried) process.stdout.write(`    retried: ${line}\n`);
