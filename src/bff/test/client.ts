// A test client that speaks the wire protocol exactly as the browser does (docs/transport.md), through
// fastify.inject: fetch the key, register the device, make sealed /proxy calls.
import type { FastifyInstance } from 'fastify';
import { v7 } from 'uuid';
import { FID } from '../../contracts/constants.ts';
import {
  deriveSessionKey,
  importPublicKey,
  openJson,
  randomAlphanumeric,
  sealJson,
  sealToPublicKey,
} from '../../crypto/index.ts';

export interface Inner {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  data?: unknown;
  [extra: string]: unknown;
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  /** The opened payload when the answer was sealed, else the raw JSON. */
  body: unknown;
  sealed: boolean;
  requestId: string;
}

export const COMMON_INNER_HEADERS = {
  Authorization: 'Bearer user-token',
  environmentName: 'prd',
  systemName: 'fidis',
  'Content-Type': 'application/json',
  supplier: 'orbitall',
  org: '090',
};

export class TestClient {
  deviceId = crypto.randomUUID();
  cipherAES = randomAlphanumeric(32);
  tokenAES = randomAlphanumeric(32);
  publicKey?: CryptoKey;
  sessionKey?: CryptoKey;
  accessToken?: string;
  env: 'prod' | 'sandbox' = 'prod';

  constructor(public app: FastifyInstance) {}

  baseHeaders(requestId: string): Record<string, string> {
    const h: Record<string, string> = {
      'x-fid': FID,
      'x-device-id': this.deviceId,
      'x-env': this.env,
      'x-request-id': requestId,
      'content-type': 'application/json',
    };
    if (this.accessToken) h.authorization = `Bearer ${this.accessToken}`;
    return h;
  }

  async fetchKey(): Promise<{ publicKey: string; algorithm: string; keySize: number }> {
    const res = await this.app.inject({ method: 'GET', url: '/keys' });
    const body = res.json();
    this.publicKey = await importPublicKey(body.publicKey);
    return body;
  }

  registrationPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      fid: FID,
      id: this.deviceId,
      ip: '10.0.0.1',
      sessionToken: this.tokenAES,
      sessionCipher: this.cipherAES,
      deviceName: 'vitest',
      latitude: 0,
      longitude: 0,
      accuracy: 0,
      fcmToken: '',
      ...overrides,
    };
  }

  /** POST /devices; on success keeps the session key and the access token. */
  async register(overrides: Record<string, unknown> = {}, requestId = v7()): Promise<Answer> {
    if (!this.publicKey) await this.fetchKey();
    const box = await sealToPublicKey(this.publicKey!, this.registrationPayload(overrides), requestId);
    const headers = this.baseHeaders(requestId);
    delete headers.authorization;
    const res = await this.app.inject({ method: 'POST', url: '/devices', headers, payload: box });
    const answer: Answer = { status: res.statusCode, headers: res.headers, body: res.json(), sealed: false, requestId };
    if (res.statusCode === 200) {
      const key = await deriveSessionKey({ cipherAES: this.cipherAES, tokenAES: this.tokenAES });
      const opened = await openJson<{ accessToken: string }>(
        key,
        (answer.body as { payload: string }).payload,
        requestId,
      );
      this.sessionKey = key;
      this.accessToken = opened.accessToken;
      answer.body = opened;
      answer.sealed = true;
    }
    return answer;
  }

  /** Seals an inner request and posts it; the answer is opened when it carries a payload. */
  async proxy(inner: Inner, opts: { requestId?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const requestId = opts.requestId ?? v7();
    const body = await sealJson(this.sessionKey!, inner, requestId);
    return this.post(body, requestId, opts.headers);
  }

  /** Posts an arbitrary body to /proxy with this device's headers. */
  async post(body: unknown, requestId: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/proxy',
      headers: { ...this.baseHeaders(requestId), ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return this.open(res.statusCode, res.headers, res.body, requestId);
  }

  async open(status: number, headers: Record<string, unknown>, raw: string, requestId: string): Promise<Answer> {
    let json: unknown = raw;
    try {
      json = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      // not JSON: left raw
    }
    const payload = (json as { payload?: unknown } | undefined)?.payload;
    if (typeof payload === 'string' && this.sessionKey) {
      return { status, headers, body: await openJson(this.sessionKey, payload, requestId), sealed: true, requestId };
    }
    return { status, headers, body: json, sealed: false, requestId };
  }
}
