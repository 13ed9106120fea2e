// CI's dependency audit (decision 071): `npm audit --omit=dev`, failing on any high or critical advisory of a
// production dependency unless .ci/audit-allowlist.json names it with a reason. When the registry cannot answer
// audit requests (some mirrors refuse the bulk endpoint), the step says so loudly and, unless
// CI_AUDIT_REQUIRED=true, lets the run go on: an unanswered audit is not a finding, but it must not look like a pass.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const say = (line) => process.stdout.write(`${line}\n`);
const shout = (line) => process.stderr.write(`${line}\n`);

const FAILING = new Set(['high', 'critical']);
const allowlist = JSON.parse(readFileSync(new URL('./audit-allowlist.json', import.meta.url), 'utf8'));
const allowed = new Map(allowlist.advisories.map((a) => [a.id, a.reason]));

function runAudit() {
  try {
    return execFileSync('npm', ['audit', '--omit=dev', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // npm audit exits non-zero both when it finds something and when it cannot ask; the JSON tells which.
    return error.stdout ?? '';
  }
}

// AUDIT_REPORT=<file> reads a saved `npm audit --json` report instead, to check this script itself.
const raw = process.env.AUDIT_REPORT ? readFileSync(process.env.AUDIT_REPORT, 'utf8') : runAudit();

let report;
try {
  report = JSON.parse(raw);
} catch {
  report = { message: 'npm audit printed no JSON' };
}

if (!report.vulnerabilities) {
  const why = report.message ?? report.error?.summary ?? 'unknown error';
  shout(`::warning::npm audit DID NOT RUN: the registry did not answer the audit request (${why}).`);
  shout('No advisory was checked. Run `npm audit --omit=dev --audit-level=high` where the registry answers.');
  process.exit(process.env.CI_AUDIT_REQUIRED === 'true' ? 1 : 0);
}

const findings = [];
for (const [name, vuln] of Object.entries(report.vulnerabilities)) {
  for (const via of vuln.via) {
    // A string `via` points at another vulnerable package, reported under its own name.
    if (typeof via === 'string' || !FAILING.has(via.severity)) continue;
    const id = via.url?.split('/').pop() ?? String(via.source);
    findings.push({ name, id, severity: via.severity, title: via.title, allowed: allowed.get(id) });
  }
}

for (const f of findings) {
  const note = f.allowed ? `allowed: ${f.allowed}` : 'NOT ALLOWED';
  say(`${f.severity} ${f.name} ${f.id} ${f.title} — ${note}`);
}
const blocking = findings.filter((f) => !f.allowed);
if (blocking.length > 0) {
  shout(`npm audit: ${blocking.length} high or critical advisory(ies) in production dependencies`);
  process.exit(1);
}
say(`npm audit: no unallowed high or critical advisory in production dependencies (${findings.length} allowed)`);
