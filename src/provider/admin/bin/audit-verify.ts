import { auditVerifyCommand } from '../audit-verify-command.ts';
import { consoleIo } from '../command.ts';

process.exitCode = await auditVerifyCommand(process.argv.slice(2), { env: process.env, io: consoleIo });
