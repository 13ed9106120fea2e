import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../platform/config.ts';
import type { DatabaseHandle } from '../../platform/database.ts';
import { createDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { outbox } from '../db/schema.ts';
import { freshDatabase } from '../test/harness.ts';
import { type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createMailer } from './mailer.ts';

const log = { info: () => undefined };
const clock = () => new Date('2026-03-02T12:00:00Z');
const mail = { to: 'maria.teste@example.com', subject: 'Seu acesso ao portal fidis', text: 'Olá, Ana.\nSenha: Xy12' };

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let db: Db;
let smtp: SmtpCapture;
beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  await migrate(handle);
  db = createDb(handle);
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
  await handle.close();
  await drop();
});

describe('createMailer', () => {
  it('in production refuses to exist without SMTP: the dev outbox is for the demo only', async () => {
    const config = { ...testConfig(), FIDIS_MODE: 'production' as const };
    expect(() => createMailer(config, db, log, clock)).toThrow(/SMTP_URL/);
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it('in production sends over SMTP from MAIL_FROM, and writes nothing to the outbox', async () => {
    const config = {
      ...testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'fidis <nao-responda@cartoes.banco.com.br>' }),
      FIDIS_MODE: 'production' as const,
    };
    await createMailer(config, db, log, clock).send(mail);
    expect(smtp.mails.at(-1)).toMatchObject({
      from: 'nao-responda@cartoes.banco.com.br',
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
    });
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it('in the demo without SMTP keeps the mail in the outbox, from a sender on a reserved domain', async () => {
    const config = testConfig();
    expect(config.MAIL_FROM).toMatch(/@fidis\.example>$/);
    await createMailer(config, db, log, clock).send(mail);
    expect(await db.select({ to: outbox.to, body: outbox.body }).from(outbox)).toEqual([
      { to: mail.to, body: mail.text },
    ]);
  });
});
