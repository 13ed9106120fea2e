import { consoleIo } from '../command.ts';
import { importCompaniesCommand } from '../import-companies-command.ts';

process.exitCode = await importCompaniesCommand(process.argv.slice(2), { env: process.env, io: consoleIo });
