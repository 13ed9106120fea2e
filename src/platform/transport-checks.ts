// What production refuses of a connection and of the master key (issue 29): a database, Redis or mail server reached
// over the network in the clear, and a key anyone could guess. A server on this machine (loopback, or a Unix
// socket) may be reached without TLS: nothing leaves the host. Each returns the pt-BR reason, or null.
import { isIP } from 'node:net';

/** localhost, 127.0.0.0/8, ::1 — and no host at all (a Unix socket). */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

const parsed = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** PostgreSQL off this machine only with sslmode=require, verify-ca or verify-full. */
export function databaseTransportProblem(value: string): string | null {
  const url = parsed(value);
  if (!url) return null;
  // host=/run/postgresql (or host=localhost) in the query wins over the URL's host, as libpq reads it.
  const queryHost = url.searchParams.get('host');
  const local = queryHost !== null ? queryHost.startsWith('/') || isLoopback(queryHost) : isLoopback(url.hostname);
  if (local) return null;
  const mode = url.searchParams.get('sslmode');
  return mode && ['require', 'verify-ca', 'verify-full'].includes(mode)
    ? null
    : 'um PostgreSQL fora desta máquina exige TLS: acrescente sslmode=verify-full (ou require) à URL';
}

/** Redis off this machine only over rediss://. */
export function redisTransportProblem(value: string): string | null {
  const url = parsed(value);
  if (!url || url.protocol === 'rediss:' || isLoopback(url.hostname)) return null;
  return 'um Redis fora desta máquina exige TLS: use rediss://';
}

/**
 * Mail off this machine only with TLS that is required and verified: smtps:// (TLS from the first byte), or
 * smtp:// with requireTLS=true (STARTTLS or no mail); never with the certificate check turned off.
 */
export function smtpTransportProblem(value: string): string | null {
  const url = parsed(value);
  if (!url) return null;
  const q = url.searchParams;
  if (q.get('tls.rejectUnauthorized') === 'false' || q.get('ignoreTLS') === 'true') {
    return 'não desligue a verificação do TLS (tls.rejectUnauthorized=false, ignoreTLS=true) em produção';
  }
  if (url.protocol !== 'smtp:' || isLoopback(url.hostname)) return null;
  return q.get('requireTLS') === 'true' || q.get('secure') === 'true'
    ? null
    : 'smtp:// para um servidor fora desta máquina sem exigir TLS: use smtps:// ou acrescente ?requireTLS=true (STARTTLS obrigatório)';
}

/**
 * A key of 32 bytes that anyone could guess: all one byte, a short pattern repeated (period of 16 bytes or less),
 * or few distinct bytes (fewer than 16; 32 random bytes have about 30, and fewer than 16 about once in 10^20).
 */
export function isLowEntropyKey(key: Uint8Array): boolean {
  for (let period = 1; period <= 16; period++) {
    if (key.every((b, i) => b === key[i % period])) return true;
  }
  return new Set(key).size < 16;
}

export function masterKeyEntropyProblem(value: string): string | null {
  const key = Buffer.from(value.trim(), 'base64');
  return key.length === 32 && isLowEntropyKey(key)
    ? 'chave de baixa entropia (bytes repetidos ou um padrão curto): gere outra com openssl rand -base64 32'
    : null;
}
