// Each launcher, as a real process, refuses to start production on a bad configuration: exit code 1 and the
// whole list, in Portuguese, before opening a database or building the SPA, and without echoing a secret.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'fidis-production-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'Segredo-Que-Nao-Aparece-1';

function launch(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', entry],
      {
        cwd: root,
        // Only what a launcher needs to run: no inherited DATABASE_URL or DEMO_* from the test's own environment.
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', ...env },
        timeout: 60_000,
      },
      (_err, stdout, stderr) => done({ code: child.exitCode, output: `${stdout}\n${stderr}` }),
    );
  });
}

describe('production start-up check (real launchers)', () => {
  it('npm start refuses production without PostgreSQL and SMTP, listing every unsafe setting', async () => {
    const { code, output } = await launch('src/main.ts', {
      FIDIS_MODE: 'production',
      DEMO_PASSWORD: SECRET,
      TRUST_PROXY: 'true',
      RSA_KEY_BITS: '2048',
      CEP_API_URL: 'http://viacep.com.br/ws/{cep}/json/',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/Configuração inválida/);
    for (const v of [
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'DEMO_PASSWORD',
      'TRUST_PROXY',
      'RSA_KEY_BITS',
      'CEP_API_URL',
    ]) {
      expect(output).toMatch(new RegExp(`- ${v}: `));
    }
    expect(output).not.toContain(SECRET);
    expect(output).not.toMatch(/fidis está no ar/);
  });

  it('the provider alone refuses the same, and the BFF alone asks only for what it uses', async () => {
    const provider = await launch('src/provider/start.ts', {
      FIDIS_MODE: 'production',
      SMTP_URL: `smtp://u:${SECRET}@x`,
    });
    expect(provider.code).toBe(1);
    expect(provider.output).toMatch(/- DATABASE_URL: obrigatório em produção/);
    expect(provider.output).toMatch(/- MAIL_FROM: /);
    expect(provider.output).not.toContain(SECRET);

    const bff = await launch('src/bff/start.ts', { FIDIS_MODE: 'production', PROVIDER_URL: 'http://127.0.0.1:9' });
    expect(bff.code).toBe(1);
    expect(bff.output).toMatch(/- DATABASE_URL: obrigatório em produção/);
    expect(bff.output).not.toMatch(/SMTP_URL|MAIL_FROM/);
  });

  it('the demo seed refuses to run in production, before opening any database', async () => {
    const seed = await launch('src/provider/db/seed/cli.ts', {
      FIDIS_MODE: 'production',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:9/nenhum',
    });
    expect(seed.code).toBe(2);
    expect(seed.output).toMatch(/npm run seed só roda em FIDIS_MODE=demo/);
  });
});
