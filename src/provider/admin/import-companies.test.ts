import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/database.ts';
import { createDb, type Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { freshDatabase } from '../test/harness.ts';
import { importCompaniesCommand } from './import-companies-command.ts';
import { commandRunner } from './test-support.ts';

// Valid CNPJs (check digits right), and one with a wrong last digit.
const ACME = '11222333000181';
const BETA = '11444777000161';
const WRONG = '11222333000182';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let db: Db;
let dir: string;
let run: ReturnType<typeof commandRunner>;
beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  db = createDb(handle);
  dir = mkdtempSync(join(tmpdir(), 'fidis-import-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await handle.close();
  await drop();
});
beforeEach(() => {
  run = commandRunner(handle);
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const importFile = (path: string) => importCompaniesCommand([path], run.opts({}));
const stored = () =>
  db
    .select({
      cnpj: companies.cnpj,
      name: companies.corporateName,
      code: companies.relationCode,
      limit: companies.relationshipLimit,
    })
    .from(companies)
    .orderBy(companies.cnpj);

describe('npm run companies:import', () => {
  it('creates companies from a CSV (either separator, pt-BR amounts), and a second run changes nothing', async () => {
    const csv = file(
      'empresas.csv',
      '\uFEFFcnpj;razaoSocial;codigoRelacionamento;limiteRelacionamento\n' +
        '11.222.333/0001-81;Acme Logística Ltda;REL-001;1.500.000,00\n' +
        `${BETA};"Beta; Comércio S.A.";77;250000.5\n`,
    );
    expect(await importFile(csv), run.printed()).toBe(0);
    expect(run.printed()).toMatch(/2 criadas, 0 atualizadas, 0 sem mudança/);
    expect(await stored()).toEqual([
      { cnpj: ACME, name: 'Acme Logística Ltda', code: 'REL-001', limit: '1500000.00' },
      { cnpj: BETA, name: 'Beta; Comércio S.A.', code: '77', limit: '250000.50' },
    ]);

    expect(await importFile(csv)).toBe(0);
    expect(run.printed()).toMatch(/0 criadas, 0 atualizadas, 2 sem mudança/);
    expect(await stored()).toHaveLength(2);
  });

  it('brings a known CNPJ up to date from JSON instead of adding it again', async () => {
    const json = file(
      'empresas.json',
      JSON.stringify([
        {
          cnpj: ACME,
          razaoSocial: 'Acme Logística S.A.',
          codigoRelacionamento: 'REL-001',
          limiteRelacionamento: 2000000,
        },
      ]),
    );
    expect(await importFile(json)).toBe(0);
    expect(run.printed()).toMatch(/0 criadas, 1 atualizadas, 0 sem mudança/);
    expect((await stored()).find((c) => c.cnpj === ACME)).toMatchObject({
      name: 'Acme Logística S.A.',
      limit: '2000000.00',
    });
  });

  it('refuses the whole file on any bad row, naming each row and reason, and writes nothing', async () => {
    const before = await stored();
    const csv = file(
      'ruim.csv',
      'cnpj,razaoSocial,codigoRelacionamento,limiteRelacionamento\n' +
        '11444777000161,Nova Empresa Boa,NB1,1000\n' +
        `${WRONG},Dígito Errado Ltda,X1,1000\n` +
        '11444777000161,,X2,abc\n' +
        '60701190000104,Repetida,R1,10\n' +
        '60701190000104,Repetida de novo,R1,10\n',
    );
    expect(await importFile(csv)).toBe(1);
    const printed = run.printed();
    expect(printed).toMatch(/Arquivo recusado, nada foi gravado/);
    expect(printed).toMatch(/linha 3: cnpj: CNPJ inválido \(dígitos verificadores\)/);
    expect(printed).toMatch(/linha 4: .*razaoSocial: razão social obrigatória.*limiteRelacionamento: limite/);
    expect(printed).toMatch(/linha 6: CNPJ repetido no arquivo \(já em linha 5\)/);
    expect(printed).not.toMatch(/linha 2:/);
    expect(await stored()).toEqual(before);
  });

  it('refuses bad arguments, a missing file and malformed JSON with a reason, and writes nothing', async () => {
    const before = await stored();
    expect(await importCompaniesCommand([], run.opts({}))).toBe(2);
    expect(await importCompaniesCommand(['a.csv', 'b.csv'], run.opts({}))).toBe(2);
    expect(await importCompaniesCommand(['--force', 'a.csv'], run.opts({}))).toBe(2);
    expect(run.printed()).toMatch(/Uso: npm run companies:import/);
    expect(await importFile(join(dir, 'nao-existe.csv'))).toBe(1);
    expect(run.printed()).toMatch(/Não foi possível ler o arquivo: .*ENOENT/);
    expect(await importFile(file('quebrado.json', '[{"cnpj": '))).toBe(1);
    expect(await importFile(file('vazio.csv', 'cnpj,razaoSocial,codigoRelacionamento,limiteRelacionamento\n'))).toBe(1);
    expect(run.printed()).toMatch(/não tem nenhuma empresa/);
    expect(await stored()).toEqual(before);
  });
});
