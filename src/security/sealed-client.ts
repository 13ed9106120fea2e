// A client that speaks the wire protocol as the browser does (docs/transport.md): fetch the key, register the
// device, seal every call.
import { request } from 'undici';
import { v7 } from 'uuid';
import { FID } from '../contracts/index.ts';
import {
  deriveSessionKey,
  importPublicKey,
  openJson,
  randomAlphanumeric,
  sealJson,
  sealToPublicKey,
} from '../crypto/index.ts';

export interface InnerRequest {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  data?: unknown;
}

export interface ProxyAnswer {
  status: number;
  /** The opened payload; null for a bodyless answer. */
  body: unknown;
  /** False when the BFF answered in clear (a refusal before the device was known). */
  sealed: boolean;
}

/** A registered device: every call is sealed with its session key, the request id as additional data. */
export class SealedClient {
  private key?: CryptoKey;
  private accessToken?: string;
  private readonly deviceId = crypto.randomUUID();

  /** `outer`: headers of the HTTP request itself, as a load balancer in front of the BFF would add them. */
  constructor(
    private readonly bffUrl: string,
    private readonly outer: Record<string, string> = {},
  ) {}

  private headers(requestId: string): Record<string, string> {
    return {
      ...this.outer,
      'x-fid': FID,
      'x-device-id': this.deviceId,
      'x-env': 'prod',
      'x-request-id': requestId,
      'content-type': 'application/json',
      ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
    };
  }

  async register(): Promise<void> {
    const keys = (await (await request(`${this.bffUrl}/keys`)).body.json()) as { publicKey: string };
    const secrets = { cipherAES: randomAlphanumeric(32), tokenAES: randomAlphanumeric(32) };
    const requestId = v7();
    const box = await sealToPublicKey(
      await importPublicKey(keys.publicKey),
      {
        fid: FID,
        id: this.deviceId,
        ip: '',
        sessionToken: secrets.tokenAES,
        sessionCipher: secrets.cipherAES,
        deviceName: 'security-suite',
        latitude: 0,
        longitude: 0,
        accuracy: 0,
        fcmToken: '',
      },
      requestId,
    );
    const res = await request(`${this.bffUrl}/devices`, {
      method: 'POST',
      headers: this.headers(requestId),
      body: JSON.stringify(box),
    });
    const body = (await res.body.json()) as { payload: string };
    if (res.statusCode !== 200) throw new Error(`device registration: ${res.statusCode}`);
    this.key = await deriveSessionKey(secrets);
    this.accessToken = (await openJson<{ accessToken: string }>(this.key, body.payload, requestId)).accessToken;
  }

  async call(inner: InnerRequest): Promise<ProxyAnswer> {
    if (!this.key) throw new Error('register the device first');
    const requestId = v7();
    const res = await request(`${this.bffUrl}/proxy`, {
      method: 'POST',
      headers: this.headers(requestId),
      body: JSON.stringify(await sealJson(this.key, inner, requestId)),
    });
    const text = await res.body.text();
    if (text === '') return { status: res.statusCode, body: null, sealed: false };
    const json = JSON.parse(text) as { payload?: unknown };
    if (typeof json.payload === 'string') {
      return { status: res.statusCode, body: await openJson(this.key, json.payload, requestId), sealed: true };
    }
    return { status: res.statusCode, body: json, sealed: false };
  }
}
