// `npm run admin:create -- --company CNPJ --login LOGIN --email EMAIL [--name NOME] [--document CPF]`
import { parseArgs } from 'node:util';
import { messages } from '../../contracts/messages.ts';
import { createMailer } from '../mail/mailer.ts';
import { type CommandOptions, runCommand } from './command.ts';
import { createAdminInput, createFirstAdmin } from './create-admin.ts';

export async function createAdminCommand(argv: string[], opts: CommandOptions): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        company: { type: 'string' },
        login: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        document: { type: 'string' },
      },
    }));
  } catch (err) {
    opts.io.err(`${messages.admin.badArguments} ${(err as Error).message}\n${messages.admin.createUsage}`);
    return 2;
  }
  const input = createAdminInput.safeParse(values);
  if (!input.success) {
    const reasons = input.error.issues.map((i) => `  - --${i.path.join('.')}: ${i.message}`);
    opts.io.err([messages.admin.badArguments, ...reasons, messages.admin.createUsage].join('\n'));
    return 2;
  }
  return runCommand(opts, async ({ config, db, io }) => {
    const log = { info: (o: object, m: string) => io.out(`${m} ${JSON.stringify(o)}`) };
    const mailer = createMailer(config, db, log, () => new Date());
    const admin = await createFirstAdmin({ db, mailer }, input.data, new Date());
    // The temporary password is only in the e-mail: never on the terminal, whatever the mode.
    io.out(`${messages.admin.adminCreated} ${admin.email} (login ${admin.login}, ${admin.companyName}).`);
  });
}
