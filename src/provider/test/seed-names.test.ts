// Tests build what they depend on (builders/, issue 26): none finds a company, user or holder by the name, login or
// number the demo seed gives it. This suite reads every server-side test file and test helper and fails on any that
// names one — the demo operator's sign-in (DEMO, seeded-database.ts) being the one exception. The seed's own suites
// (db/seed/) and the bootstrap's, which are about what the seed writes, may name it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY_NAMES, DEMO_OPERATOR_NAME, OTHER_OPERATOR_NAME } from '../db/seed/seed.ts';
import { OTHER_OPERATOR_LOGIN, PROFILE_OPERATORS, TEAM } from '../demo-operators.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where tests and their helpers live, outside the web app (whose tests answer from fixtures, not the seed). */
const SCANNED = [
  'src/contracts',
  'src/crypto',
  'src/platform',
  'src/bff',
  'src/provider',
  'src/security',
  'src/deploy',
  'tests/heavy',
];
/** The seed's own suites and the bootstrap's: what the seed writes is their subject. */
const ALLOWED = [
  'src/provider/db/seed/',
  'src/provider/bootstrap.test.ts',
  // Where the demo operator's sign-in and the test demo are defined.
  'src/provider/test/seeded-database.ts',
  'src/provider/test/seed-names.test.ts',
];

interface Rule {
  what: string;
  matches: (line: string) => boolean;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A login written as a string, in any quotes: a word such as "consulta" elsewhere in a line is not one. */
const quoted = (login: string): Rule => {
  const re = new RegExp(`['"\`]${literal(login)}['"\`]`);
  return { what: `the seeded login '${login}'`, matches: (line) => re.test(line) };
};
const text = (what: string, s: string): Rule => ({ what, matches: (line) => line.includes(s) });
const identifier = (name: string): Rule => {
  const re = new RegExp(`\\b${name}\\b`);
  return { what: `the seed's ${name}`, matches: (line) => re.test(line) };
};

const RULES: readonly Rule[] = [
  ...DEMO_COMPANY_NAMES.flatMap((name) => [
    text(`the demo company '${name}'`, name),
    // Its first word alone, as `startsWith('Transportadora')` or `like 'Transportadora%'` used it.
    text(`the demo company '${name}' by its first word`, name.split(' ')[0] as string),
  ]),
  ...[OTHER_OPERATOR_LOGIN, ...PROFILE_OPERATORS.map((o) => o.login), ...TEAM.map((m) => m.login)].map(quoted),
  ...[DEMO_OPERATOR_NAME, OTHER_OPERATOR_NAME, ...PROFILE_OPERATORS.map((o) => o.name), ...TEAM.map((m) => m.name)].map(
    (name) => text(`the seeded operator '${name}'`, name),
  ),
  ...['OTHER_OPERATOR_LOGIN', 'PROFILE_OPERATORS', 'TEAM', 'TEST_ACCOUNTS'].map(identifier),
  {
    what: 'a seeded account number (7, 8 or 9 billion and up)',
    matches: (line) => /\b[789]000000\d{3}\b/.test(line),
  },
];

/** Every .ts file under the scanned folders, relative to the repository. */
function files(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) found.push(path);
    }
  };
  for (const dir of SCANNED) walk(dir);
  return found;
}

/** A test file, or a helper that test files import (a test/ folder, the security suites' support). */
const isTestCode = (path: string) =>
  path.endsWith('.test.ts') || path.includes('/test/') || path.startsWith('src/security/') || path.startsWith('tests/');

/** `file:line: what` for every line of `source` a rule matches (the first rule that does). */
function findings(path: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => {
    const rule = RULES.find((r) => r.matches(line));
    return rule ? [`${path}:${i + 1}: ${rule.what}`] : [];
  });
}

describe('test code and seeded names', () => {
  it('names no seeded company, operator, login or account number outside the seed’s own suites', () => {
    const scanned = files().filter((f) => isTestCode(f) && !ALLOWED.some((a) => f.startsWith(a)));
    expect(scanned.length).toBeGreaterThan(50);
    const found = scanned.flatMap((f) => findings(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found, 'build the rows with src/provider/test/builders instead').toEqual([]);
  });

  it('would catch each way the suites used to find seeded rows', () => {
    const [first] = DEMO_COMPANY_NAMES as [string];
    const samples = [
      `companies.find((c) => c.corporateName.startsWith('${first.split(' ')[0]}'))`,
      `where(eq(companies.corporateName, '${first}'))`,
      `await h.token('${OTHER_OPERATOR_LOGIN}', DEMO.password)`,
      `const gestor = await h.token("${PROFILE_OPERATORS[0].login}", DEMO.password);`,
      `loadTarget(sql, 'x', '${TEAM[3].login}')`,
      'import { OTHER_OPERATOR_LOGIN } from "../db/seed/seed.ts";',
      'expect(body.totalSubAccounts).toBe(TEST_ACCOUNTS);',
      `expect(body.usuario).toBe('${DEMO_OPERATOR_NAME}');`,
      "readList({ category: 'unused', after: '2026-01-31~7000000100' })",
    ];
    for (const sample of samples) expect(findings('sample.ts', sample), sample).toHaveLength(1);
    // The demo operator's sign-in and made-up values stay allowed.
    for (const fine of [
      'await h.token(DEMO.login, DEMO.password)',
      "const row = { consultas: 2, gestores: 'Gestão' }",
      "readList({ category: 'unused', after: '2026-01-31~5000000100' })",
    ])
      expect(findings('sample.ts', fine), fine).toEqual([]);
    expect(relative(ROOT, fileURLToPath(import.meta.url))).toBe('src/provider/test/seed-names.test.ts');
  });
});
