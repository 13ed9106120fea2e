// A real SMTP server for tests (smtp-server, as the E2E run uses): the product sends over SMTP through nodemailer
// and the test reads what arrived, decoded.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function parse(
  raw: string,
  envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const header = (name: string) => new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(head)?.[1] ?? '';
  const body = raw.slice(split + 4);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((r) => r.address),
    subject: header('Subject'),
    text: text.replace(/\r\n/g, '\n').trim(),
  };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, ''), 'latin1');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes.toString('latin1', i + 1, i + 3);
    if (bytes[i] === 0x3d && /^[0-9A-F]{2}$/.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else out.push(bytes[i] as number);
  }
  return Buffer.from(out).toString('utf8');
}
