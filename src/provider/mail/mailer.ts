// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the development outbox
// (a row in `outbox` plus a log line), so password recovery works on a laptop without a mail server.
// The outbox is a demo convenience only: in production it would keep temporary passwords and recovery codes in a
// table nobody is meant to read, so there the mailer refuses to exist without SMTP.
import nodemailer from 'nodemailer';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The part of a logger the mailer needs: Fastify's and pino's both fit. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

export function createMailer(config: Config, db: Db, log: MailLog, clock: () => Date): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      },
    };
  }
  if (config.FIDIS_MODE === 'production') {
    throw new Error(
      'SMTP_URL é obrigatório em produção: a caixa de saída de desenvolvimento só existe na demonstração',
    );
  }
  return {
    async send(mail) {
      await db.insert(outbox).values({ to: mail.to, subject: mail.subject, body: mail.text, createdAt: clock() });
      // The body stays out of the log: it carries a recovery code.
      log.info({ to: mail.to, subject: mail.subject }, 'e-mail gravado na caixa de saída de desenvolvimento');
    },
  };
}
