import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import { buildProvider } from '../app.ts';
import { testAuditKeys } from '../audit/test-keys.ts';
import { createDb, type Db } from '../db/client.ts';
import { auditLog, companies, outbox, portalUsers, userCompanies } from '../db/schema.ts';
import { freshDatabase } from '../test/harness.ts';
import { type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createAdminCommand } from './create-admin-command.ts';
import { commandRunner } from './test-support.ts';

const CNPJ = '11222333000181';
const OTHER_CNPJ = '11444777000161';
const CPF = '52998224725';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let db: Db;
let smtp: SmtpCapture;
let run: ReturnType<typeof commandRunner>;
let production: Record<string, string>;
beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  db = createDb(handle, testAuditKeys());
  smtp = await startSmtpCapture();
  production = {
    FIDIS_MODE: 'production',
    // The command is handed the test database; the URL only has to satisfy the production check.
    DATABASE_URL: 'postgres://fidis@db.internal:5432/fidis?sslmode=verify-full',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'fidis <nao-responda@cartoes.banco.com.br>',
    FIDIS_MASTER_KEY: 'q3J0X1m9cQ8hVv2LzT6pN4eR0sYbK7uW1aDfG5jH8oE=',
  };
  // The command migrates first; the company comes from an import in real use.
  expect(
    await createAdminCommand(
      ['--company', OTHER_CNPJ, '--login', 'x', '--email', 'x@example.com'],
      commandRunner(handle).opts({}),
    ),
  ).toBe(1);
  await db.insert(companies).values({ cnpj: CNPJ, corporateName: 'Acme Logística Ltda', relationCode: 'REL-1' });
});
afterAll(async () => {
  await smtp.close();
  await handle.close();
  await drop();
});
beforeEach(() => {
  run = commandRunner(handle);
});

const args = (login: string, more: string[] = []) => [
  '--company',
  '11.222.333/0001-81',
  '--login',
  login,
  '--email',
  `${login.toLowerCase()}@example.com`,
  ...more,
];
const users = () => db.select().from(portalUsers);

describe('npm run admin:create', () => {
  it('in production creates the company administrator and e-mails the temporary password over SMTP only', async () => {
    const code = await createAdminCommand(
      args('Ana.Admin', ['--name', 'Ana Souza', '--document', CPF]),
      run.opts(production),
    );
    expect(code, run.printed()).toBe(0);
    expect(run.printed()).toMatch(/a senha temporária foi enviada para ana\.admin@example\.com/);

    const mail = smtp.mails.find((m) => m.to.includes('ana.admin@example.com'));
    const password = /Senha temporária: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(password).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{16}$/);
    expect(mail?.from).toBe('nao-responda@cartoes.banco.com.br');
    expect(run.printed()).not.toContain(password);
    expect(await db.select().from(outbox)).toEqual([]);

    const [user] = await db.select().from(portalUsers).where(eq(portalUsers.login, 'ana.admin'));
    expect(user).toMatchObject({ name: 'Ana Souza', document: CPF, status: 'ATIVO', mustChangePassword: true });
    expect(user?.temporaryPasswordExpiresAt?.getTime()).toBe((user?.createdAt.getTime() ?? 0) + 72 * 60 * 60 * 1000);
    const links = await db
      .select()
      .from(userCompanies)
      .where(eq(userCompanies.userId, user?.id ?? ''));
    expect(links).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.target, 'usuario:ana.admin'));
    expect(audit.map((a) => a.action)).toEqual(['user.create']);

    // The password leads to first access, as any temporary password does.
    const app = buildProvider({ db: handle, config: testConfig() });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/v0/portal/usuario/login',
        payload: { login: 'ana.admin', senha: password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().primeiroAcesso).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('in the demo without SMTP writes the mail to the dev outbox; without --document the number is no CPF', async () => {
    expect(await createAdminCommand(args('bruno.admin'), run.opts({}))).toBe(0);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'bruno.admin@example.com'));
    expect(mail?.body).toMatch(/Senha temporária: [A-Za-z\d]{16}/);
    const [user] = await db.select().from(portalUsers).where(eq(portalUsers.login, 'bruno.admin'));
    expect(user?.name).toBe('bruno.admin');
    const { isValidCpf } = await import('@brazilian-utils/brazilian-utils');
    expect(user?.document).toMatch(/^\d{11}$/);
    expect(isValidCpf(user?.document ?? '')).toBe(false);
  });

  it('refuses bad arguments, an unknown company, a login or CPF taken, and writes nothing', async () => {
    const before = await users();
    const refusals: [string[], number, RegExp][] = [
      [['--login', 'x'], 2, /--company: obrigatório\n.*--email/],
      [args('c.admin', ['--document', '12345678900']), 2, /--document: O Número de documento é invalido/],
      [['--company', '11222333000182', '--login', 'c', '--email', 'c@example.com'], 2, /--company: CNPJ inválido/],
      [args('c.admin', ['--papel', 'root']), 2, /Argumentos inválidos: .*papel/],
      [args('com espaço'), 2, /--login: O login deve ter apenas/],
      [
        ['--company', OTHER_CNPJ, '--login', 'c', '--email', 'c@example.com'],
        1,
        /Nenhuma empresa cadastrada com este CNPJ/,
      ],
      [args('ANA.ADMIN'), 1, /Já existe um usuário cadastrado com este login/],
      [
        args('c.admin', ['--document', '529.982.247-25']),
        1,
        /Já existe um usuário cadastrado com este número de documento/,
      ],
    ];
    for (const [argv, code, reason] of refusals) {
      run = commandRunner(handle);
      expect(await createAdminCommand(argv, run.opts({})), argv.join(' ')).toBe(code);
      expect(run.printed()).toMatch(reason);
    }
    expect(await users()).toEqual(before);
  });

  it('refuses production without SMTP, and undoes the creation when the mail cannot be sent', async () => {
    const before = await users();
    const { SMTP_URL: _, ...noSmtp } = production;
    expect(await createAdminCommand(args('d.admin'), run.opts(noSmtp))).toBe(1);
    expect(run.printed()).toMatch(/SMTP_URL: obrigatório em produção/);

    run = commandRunner(handle);
    const down = { ...production, SMTP_URL: 'smtp://127.0.0.1:9' };
    expect(await createAdminCommand(args('d.admin'), run.opts(down))).toBe(1);
    expect(run.printed()).toMatch(/e-mail|enviar/i);
    expect(await users()).toEqual(before);
    const undone = await db.select().from(auditLog).where(eq(auditLog.target, 'usuario:d.admin'));
    expect(undone.map((a) => a.action)).toEqual(['user.create', 'user.create.undone']);
  });
});
