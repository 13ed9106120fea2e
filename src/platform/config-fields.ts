// The configuration's own value types: each parses and checks one kind of setting, with a pt-BR reason.

import { isIP } from 'node:net';
import { Cron } from 'croner';
import { z } from 'zod';
import { MASTER_KEY_BYTES } from './master-key.ts';

// 32 bytes in base64 (`openssl rand -base64 32`), the key-encryption key of the stored secrets (decision 072).
export const masterKey = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .refine((v) => !v || Buffer.from(v, 'base64').length === MASTER_KEY_BYTES, {
    message: `deve ter ${MASTER_KEY_BYTES} bytes em base64 (openssl rand -base64 32)`,
  });

export const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

// Fastify's trustProxy: false (default), true (believe every hop) or the balancers' addresses/CIDRs, comma-separated.
export const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v): boolean | string => (v === '' || v === 'false' ? false : v === 'true' ? true : v));

/** An address, a CIDR or one of proxy-addr's names: what Fastify would otherwise refuse with a stack at start. */
const proxyEntry = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const kind = isIP(address);
  if (kind === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128));
};

// Which peers may tell the provider the client's address: by default only a BFF on the same machine (npm start runs
// the provider on loopback). Split tiers name their BFFs, so the audit trail records browsers, not BFFs.
export const providerTrustProxy = z
  .string()
  .trim()
  .default('loopback')
  .refine(
    (v) => ['', 'false', 'true'].includes(v) || v.split(',').every((e) => proxyEntry(e.trim())),
    'deve ser false, true ou endereços/CIDRs separados por vírgula (ou loopback)',
  )
  .transform((v): boolean | string => (v === '' || v === 'false' ? false : v === 'true' ? true : v));

/** Where INACTIVITY_CRON is read: the portal's users are in Brazil, whatever the server's TZ. */
export const INACTIVITY_TIMEZONE = 'America/Sao_Paulo';

// Parsed here, not at the first run, so a typo stops start-up instead of silently never deactivating anyone.
export const cronPattern = z
  .string()
  .trim()
  .refine(
    (v) => {
      try {
        new Cron(v, { timezone: INACTIVITY_TIMEZONE });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'não é uma expressão cron válida (ex.: 17 3 * * *)' },
  );
