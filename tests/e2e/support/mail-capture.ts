// An SMTP capture for the E2E run: the product sends real e-mail over SMTP, and tests read what arrived.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

import { E2E } from './env.ts';

export const MAIL_DIR = E2E.mailDir;

export function startMailCapture(port: number): Promise<SMTPServer> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const raw = Buffer.concat(chunks).toString('utf8');
        writeFileSync(join(MAIL_DIR, `${Date.now()}-${seq++}.json`), JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** The mails captured so far for an address, oldest first. */
export function mailsTo(address: string): CapturedMail[] {
  return readdirSync(MAIL_DIR)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(MAIL_DIR, f), 'utf8')) as CapturedMail)
    .filter((m) => m.to.includes(address));
}

/** Waits for a mail to an address that arrives after `since` mails were already there, and returns its text. */
export async function waitForMail(address: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailsTo(address);
    if (mails.length > since) return decodeBody(mails[mails.length - 1]!.raw);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}

/** The text part of a captured mail, with its transfer encoding (quoted-printable or base64) undone. */
function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split).trim();
  if (headers.includes('content-transfer-encoding: base64')) return Buffer.from(body, 'base64').toString('utf8');
  if (!headers.includes('content-transfer-encoding: quoted-printable')) return body;
  const unfolded = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
