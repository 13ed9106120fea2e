// Every provider call goes through here: inner request sealed, POST /proxy, answer opened (docs/transport.md).
import { ENVIRONMENT_NAME, ORG, SUPPLIER, SYSTEM_NAME } from '../../../contracts/constants.ts';
import type { ServerErrorCode } from '../../../contracts/errors.ts';
import { platformMessages } from '../../../contracts/platform-messages.ts';
import {
  buildPath,
  type EndpointName,
  endpointRoutes as endpoints,
  PROVIDER_HOSTS,
} from '../../../contracts/routes.ts';
import { sealJson } from '../../../crypto/index.ts';
import { useAppStore } from '../store/app-store.ts';
import { memoryStore } from '../store/memory-store.ts';
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_CODE, toApiError } from './api-error.ts';
import { sealedAnswer } from './sealed-answer.ts';
import { ensureTransport, reRegister } from './start-transport.ts';
import { handleUnauthorized } from './unauthorized.ts';
import { bffHeaders, isTimeout, newRequestId, readJson, requestSignal, sealedPayload } from './wire.ts';

export interface CallOptions {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /**
   * A provider token named explicitly (tools, tests). It travels only inside the envelope; without it the BFF
   * sets the operator's bearer from its HttpOnly session cookie (decision 040).
   */
  token?: string;
}

const UNKNOWN_DEVICE = 'UNKNOWN_DEVICE' satisfies ServerErrorCode;

function codeOf(body: unknown): string | undefined {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export async function callApi<T = unknown>(name: EndpointName, options: CallOptions = {}): Promise<T> {
  return send<T>(name, options, false);
}

async function send<T>(name: EndpointName, options: CallOptions, isRetry: boolean): Promise<T> {
  const key = await ensureTransport();
  const endpoint = endpoints[name];
  const { environment } = memoryStore.getState();
  const signedIn = useAppStore.getState().authenticate.signedIn;
  const userToken = options.token;

  let url = `${PROVIDER_HOSTS[environment][0]}${buildPath(name, options.params)}`;
  if (options.query) {
    const query = new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]));
    url += `?${query}`;
  }
  const headers: Record<string, string> = {
    ...(userToken ? { Authorization: `Bearer ${userToken}` } : {}),
    environmentName: ENVIRONMENT_NAME,
    systemName: endpoint.systemName ?? SYSTEM_NAME,
    'Content-Type': 'application/json',
    supplier: SUPPLIER,
    org: ORG,
    ...options.headers,
  };
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE' && options.body !== undefined;
  const inner = { method: endpoint.method, url, headers, ...(hasBody ? { data: options.body } : {}) };

  const requestId = newRequestId();
  const sealed = await sealJson(key, inner, requestId);
  let response: Response;
  let raw: unknown;
  try {
    response = await fetch('/proxy', {
      method: 'POST',
      headers: { ...bffHeaders(requestId), 'Content-Type': 'application/json' },
      body: JSON.stringify(sealed),
      // The operator's session cookie (HttpOnly, Path=/proxy) goes with the call; same origin only.
      credentials: 'same-origin',
      signal: requestSignal(),
    });
    raw = await readJson(response);
  } catch (error) {
    // A rejected fetch is a network failure, not a refusal: it gets a status the screens can tell apart.
    if (isTimeout(error)) throw new ApiError(0, platformMessages.proxy.timeout, TIMEOUT_CODE);
    throw new ApiError(0, platformMessages.proxy.upstream, NETWORK_ERROR_CODE);
  }
  const payload = sealedPayload(raw);

  // The BFF answers in the clear when it does not know the device: register again, once, and retry.
  const deviceUnknown = (response.status === 401 && !payload) || codeOf(raw) === UNKNOWN_DEVICE;
  if (deviceUnknown && !isRetry) {
    await reRegister();
    return send<T>(name, options, true);
  }

  const data = await sealedAnswer(async () => key, response.status, raw, requestId);

  if (response.status >= 400) {
    if (codeOf(data) === UNKNOWN_DEVICE && !isRetry) {
      await reRegister();
      return send<T>(name, options, true);
    }
    const error = toApiError(response.status, data);
    // A provider 401 on a signed-in call ends the session (not the sign-in calls, nor a temporary token).
    if (response.status === 401 && signedIn && !options.token && !endpoint.public) handleUnauthorized();
    throw error;
  }
  return data as T;
}
