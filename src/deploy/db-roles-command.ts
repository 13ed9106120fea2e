// `npm run db:roles` (decision 127): DATABASE_URL names the deployment's database as its administrator; the roles'
// names and passwords come from the environment (defaults fidis_owner, fidis_provider, fidis_bff). Prints the
// passwords of the roles it created, once, and the connection each tier then uses.
// Exit codes: 0 done, 1 refused (PGlite, a database error), 2 bad arguments.
import type { CommandIo } from '../provider/admin/command.ts';
import { DEFAULT_ROLES, ensureDatabaseRoles, type RoleNames } from './db-roles.ts';

export async function dbRolesCommand(
  argv: string[],
  opts: { env: Record<string, string | undefined>; io: CommandIo },
): Promise<number> {
  const { env, io } = opts;
  if (argv.length > 0) {
    io.err(`argumentos não reconhecidos: ${argv.join(' ')}\nuso: DATABASE_URL=postgres://admin@… npm run db:roles`);
    return 2;
  }
  if (!env.DATABASE_URL) {
    io.err(
      'papéis do banco existem só no PostgreSQL: informe DATABASE_URL com o administrador do banco. ' +
        'A demonstração em PGlite é um processo só e não usa papéis.',
    );
    return 1;
  }
  const roles: RoleNames = {
    owner: env.DB_OWNER_ROLE || DEFAULT_ROLES.owner,
    provider: env.DB_PROVIDER_ROLE || DEFAULT_ROLES.provider,
    bff: env.DB_BFF_ROLE || DEFAULT_ROLES.bff,
  };
  const passwords: Partial<RoleNames> = {};
  if (env.DB_OWNER_PASSWORD) passwords.owner = env.DB_OWNER_PASSWORD;
  if (env.DB_PROVIDER_PASSWORD) passwords.provider = env.DB_PROVIDER_PASSWORD;
  if (env.DB_BFF_PASSWORD) passwords.bff = env.DB_BFF_PASSWORD;
  try {
    const { created } = await ensureDatabaseRoles(env.DATABASE_URL, roles, passwords);
    for (const c of created) {
      const given = Object.entries(roles).find(([, name]) => name === c.role)?.[0] as keyof RoleNames;
      io.out(
        passwords[given]
          ? `papel ${c.role} criado com a senha informada`
          : `papel ${c.role} criado; senha (guarde no cofre, não é mostrada de novo): ${c.password}`,
      );
    }
    io.out(
      `papéis prontos: ${roles.owner} (dono do esquema, migrações), ${roles.provider} (provedor: trilha de ` +
        `auditoria só por INSERT), ${roles.bff} (BFF: só o esquema bff). Migrações aplicadas.`,
    );
    return 0;
  } catch (err) {
    io.err(`papéis não configurados: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
