// The header checks /devices and /proxy share: the client, the device id's form, and the request id (its time
// window, then its single use).
import type { FastifyRequest } from 'fastify';
import { FID, REQUEST_ID_WINDOW_MS } from '../contracts/constants.ts';
import { requestIdTime } from '../crypto/index.ts';
import { refuse } from './errors.ts';
import type { ReplayGuard } from './replay.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;
export const HEX = /^[0-9a-f]+$/i;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
}

export function checkClient(request: FastifyRequest): void {
  if (header(request, 'x-fid') !== FID) throw refuse.notAllowed('BAD_CLIENT');
}

export class RequestIds {
  constructor(
    private readonly replay: ReplayGuard,
    private readonly now: () => number,
  ) {}

  /** The call's x-request-id and the time it carries, refused when malformed or outside the window. */
  check(request: FastifyRequest): { requestId: string; time: number } {
    const requestId = header(request, 'x-request-id') ?? '';
    const time = requestIdTime(requestId);
    if (time === null) throw refuse.envelope('BAD_REQUEST_ID');
    if (Math.abs(this.now() - time) > REQUEST_ID_WINDOW_MS) throw refuse.stale();
    return { requestId, time };
  }

  /** Spends the id for this device; a second use is refused as a replay. */
  async remember(deviceId: string, requestId: string, time: number): Promise<void> {
    if (!(await this.replay.firstSeen(deviceId, requestId, time + REQUEST_ID_WINDOW_MS + 1000))) {
      throw refuse.replayed();
    }
  }
}
