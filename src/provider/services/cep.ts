// Postal-code lookup through a ViaCEP-compatible service (CEP_API_URL), each answer cached in cep_cache so a
// CEP is paid for once a month. Upstream trouble is logged and answered 502: the screen only logs it.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CepResponse } from '../../contracts/schemas.ts';
import type { Db } from '../db/client.ts';
import { cepCache } from '../db/schema.ts';
import { AppError, fail } from '../errors.ts';

export const CEP_CACHE_MS = 30 * 24 * 60 * 60 * 1000;
const CEP_TIMEOUT_MS = 5000;

export interface CepDeps {
  db: Db;
  clock: () => Date;
  /** A URL with `{cep}` where the digits go, or a base that gets `/{cep}/json/` appended. */
  apiUrl: string;
  log: FastifyBaseLogger;
}

export function cepUrl(template: string, cep: string): string {
  return template.includes('{cep}') ? template.replace('{cep}', cep) : `${template.replace(/\/+$/, '')}/${cep}/json/`;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** ViaCEP's answer, reduced to its five fields (and the CEP as 8 digits); null when it reports no such CEP. */
export function normalise(cep: string, raw: unknown): CepResponse | null {
  if (!raw || typeof raw !== 'object') throw new Error('resposta do serviço de CEP não é um objeto');
  const r = raw as Record<string, unknown>;
  if (r.erro === true || r.erro === 'true') return null;
  return {
    cep,
    logradouro: str(r.logradouro),
    complemento: str(r.complemento),
    bairro: str(r.bairro),
    localidade: str(r.localidade),
    uf: str(r.uf),
  };
}

export async function lookupCep(deps: CepDeps, cep: string): Promise<CepResponse> {
  const now = deps.clock();
  const [cached] = await deps.db.select().from(cepCache).where(eq(cepCache.cep, cep));
  if (cached && now.getTime() - cached.fetchedAt.getTime() < CEP_CACHE_MS) {
    return cached.payload as CepResponse;
  }
  let answer: CepResponse | null;
  try {
    const res = await fetch(cepUrl(deps.apiUrl, cep), {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(CEP_TIMEOUT_MS),
    });
    // ViaCEP answers 400 for a malformed CEP; anything else non-2xx is the service's own trouble.
    if (res.status === 400 || res.status === 404) fail('CEP_NOT_FOUND');
    if (!res.ok) throw new Error(`serviço de CEP respondeu ${res.status}`);
    answer = normalise(cep, await res.json());
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log.warn({ err, cep }, 'consulta de CEP falhou');
    // A stale answer beats none when the service is down.
    if (cached) return cached.payload as CepResponse;
    fail('CEP_UNAVAILABLE');
  }
  if (!answer) fail('CEP_NOT_FOUND');
  await deps.db
    .insert(cepCache)
    .values({ cep, payload: answer, fetchedAt: now })
    .onConflictDoUpdate({ target: cepCache.cep, set: { payload: answer, fetchedAt: now } });
  return answer;
}
