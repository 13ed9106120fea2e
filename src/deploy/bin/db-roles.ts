import { consoleIo } from '../../provider/admin/command.ts';
import { dbRolesCommand } from '../db-roles-command.ts';

process.exitCode = await dbRolesCommand(process.argv.slice(2), { env: process.env, io: consoleIo });
