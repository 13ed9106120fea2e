// The benches' sealed client (bench/proxy.ts, and bench/compare.ts for both of its sides): signs the demo user in at a
// provider, registers a device at a BFF (/keys, /devices) as the browser does, and builds the sealed `GET companies`
// the load process (bench/proxy-load.ts) sends, after checking that the load process seals as src/crypto opens. It
// speaks this checkout's wire protocol: a server that does not understand it fails here, before any load, with the
// step that failed.

import { isDeepStrictEqual } from 'node:util';
import { request } from 'undici';
import { v7 } from 'uuid';
import { endpoints, FID, PROVIDER_HOSTS } from '../../src/contracts/index.ts';
import {
  deriveSessionKey,
  importPublicKey,
  openJson,
  randomAlphanumeric,
  type SessionSecrets,
  sealJson,
  sealToPublicKey,
} from '../../src/crypto/index.ts';
import type { LoadJob } from '../proxy-load.ts';
import { sealJsonSync, sessionKeyBytes } from '../proxy-seal.ts';
import { BENCH_DEMO } from './databases.ts';

export interface SignedInDevice {
  bffUrl: string;
  /** The provider's bearer token of the demo user (the inner call's Authorization). */
  token: string;
  secrets: SessionSecrets;
  headers: Record<string, string>;
  inner: { method: string; url: string; headers: Record<string, string> };
}

/** A refusal from one side, naming the step: what differs between the protocols, if that is the cause. */
class ProtocolError extends Error {}

async function json<T>(step: string, answer: Awaited<ReturnType<typeof request>>): Promise<T> {
  const text = await answer.body.text();
  if (answer.statusCode < 200 || answer.statusCode >= 300) {
    throw new ProtocolError(`${step}: HTTP ${answer.statusCode} ${text.slice(0, 300)}`);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProtocolError(`${step}: the answer is not JSON: ${text.slice(0, 300)}`);
  }
}

/** The demo operator signed in at a provider: its bearer token. */
export async function signInDemo(
  providerUrl: string,
  password: string = BENCH_DEMO.password,
  headers: Record<string, string> = {},
): Promise<string> {
  const login = await request(`${providerUrl}${endpoints.login.path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ login: BENCH_DEMO.login, senha: password }),
  });
  const { token } = await json<{ token?: string }>(`POST ${endpoints.login.path} (provider)`, login);
  if (!token) throw new ProtocolError(`POST ${endpoints.login.path} (provider): no token in the answer`);
  return token;
}

/** Registers a fresh device at the BFF and returns what the sealed calls need. */
async function registerDevice(bffUrl: string, token: string): Promise<SignedInDevice> {
  const deviceId = crypto.randomUUID();
  const secrets = { cipherAES: randomAlphanumeric(), tokenAES: randomAlphanumeric() };
  const keys = await json<{ publicKey: string }>('GET /keys', await request(`${bffUrl}/keys`));
  const clientHeaders = { 'x-fid': FID, 'x-device-id': deviceId, 'x-env': 'prod', 'content-type': 'application/json' };
  const registrationId = v7();
  const device = {
    fid: FID,
    id: deviceId,
    ip: '',
    sessionToken: secrets.tokenAES,
    sessionCipher: secrets.cipherAES,
    deviceName: 'bench',
    latitude: 0,
    longitude: 0,
    accuracy: 0,
    fcmToken: '',
  };
  const registered = await request(`${bffUrl}/devices`, {
    method: 'POST',
    headers: { ...clientHeaders, 'x-request-id': registrationId },
    body: JSON.stringify(await sealToPublicKey(await importPublicKey(keys.publicKey), device, registrationId)),
  });
  const { payload } = await json<{ payload: string }>('POST /devices', registered);
  const { accessToken } = await openJson<{ accessToken: string }>(
    await deriveSessionKey(secrets),
    payload,
    registrationId,
  );
  return {
    bffUrl,
    token,
    secrets,
    headers: { ...clientHeaders, authorization: `Bearer ${accessToken}` },
    inner: {
      method: 'GET',
      url: `${PROVIDER_HOSTS.prod[0]}${endpoints.companies.path}`,
      headers: { Authorization: `Bearer ${token}`, environmentName: 'prd', systemName: 'fidis', org: '090' },
    },
  };
}

/**
 * Signs in and registers a device on one side; a failure says which side and step, and why that matters.
 * `providerHeaders` go with the sign-in (a provider started as in production answers only its BFF's key).
 */
export async function connect(
  label: string,
  providerUrl: string,
  bffUrl: string,
  password: string,
  providerHeaders: Record<string, string> = {},
) {
  try {
    return await registerDevice(bffUrl, await signInDemo(providerUrl, password, providerHeaders));
  } catch (error) {
    throw new Error(
      `${label}: could not sign in and register a device with this checkout's client, so the wire protocol ` +
        `(docs/transport.md) or the sign-in differs between the two checkouts and the comparison cannot run: ` +
        `${(error as Error).message}`,
    );
  }
}

/** One sealed `GET companies`, sealed with src/crypto and opened: the JSON the side answers. */
export async function probe(label: string, device: SignedInDevice): Promise<unknown> {
  const requestId = v7();
  const key = await deriveSessionKey(device.secrets);
  try {
    const answer = await request(`${device.bffUrl}/proxy`, {
      method: 'POST',
      headers: { ...device.headers, 'x-request-id': requestId },
      body: JSON.stringify(await sealJson(key, device.inner, requestId)),
    });
    const { payload } = await json<{ payload: string }>(`POST /proxy (GET ${endpoints.companies.path})`, answer);
    return await openJson(key, payload, requestId);
  } catch (error) {
    throw new Error(`${label}: the sealed GET ${endpoints.companies.path} failed: ${(error as Error).message}`);
  }
}

/** The load process's job: the same sealed call, resealed with a fresh request id each time. */
export function loadJob(device: SignedInDevice, connections: number, durationS: number): LoadJob {
  return {
    url: `${device.bffUrl}/proxy`,
    method: 'POST',
    connections,
    durationS,
    headers: device.headers,
    sealed: { keyHex: sessionKeyBytes(device.secrets).toString('hex'), inner: device.inner },
  };
}

/** The load process seals with node:crypto (bench/proxy-seal.ts): what it seals must be what src/crypto opens. */
export async function checkLoadSealing(device: SignedInDevice): Promise<void> {
  const probeId = v7();
  const sealed = sealJsonSync(sessionKeyBytes(device.secrets), device.inner, probeId).payload;
  if (!isDeepStrictEqual(await openJson(await deriveSessionKey(device.secrets), sealed, probeId), device.inner)) {
    throw new Error('bench/proxy-seal.ts does not produce the envelope of src/crypto');
  }
}
