import { consoleIo } from '../command.ts';
import { createAdminCommand } from '../create-admin-command.ts';

process.exitCode = await createAdminCommand(process.argv.slice(2), { env: process.env, io: consoleIo });
