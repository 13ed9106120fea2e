// `npm run companies:import -- arquivo.csv|arquivo.json`
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { messages } from '../../contracts/messages.ts';
import { AdminError } from './admin-error.ts';
import { type CommandOptions, runCommand } from './command.ts';
import { readCompanyRows } from './company-rows.ts';
import { importCompanies } from './import-companies.ts';

export async function importCompaniesCommand(argv: string[], opts: CommandOptions): Promise<number> {
  let file: string | undefined;
  try {
    const { positionals } = parseArgs({ args: argv, strict: true, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new Error('informe exatamente um arquivo');
    file = positionals[0];
  } catch (err) {
    opts.io.err(`${messages.admin.badArguments} ${(err as Error).message}\n${messages.admin.importUsage}`);
    return 2;
  }
  const path = file as string;
  return runCommand(opts, async ({ db, io }) => {
    const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new AdminError([`${messages.admin.fileUnreadable} ${path} (${err.code ?? err.message})`]);
    });
    const summary = await importCompanies(db, readCompanyRows(path, text));
    io.out(
      `${messages.admin.imported}: ${summary.created} criadas, ${summary.updated} atualizadas, ${summary.unchanged} sem mudança.`,
    );
  });
}
