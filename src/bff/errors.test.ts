// The BFF's refusals read their status and reason from the errors table; what travels must stay what it was before
// the table existed: these are the pairs the BFF answered by hand.
import { describe, expect, it } from 'vitest';
import { errors } from '../contracts/errors.ts';
import { messages } from '../contracts/messages.ts';
import { type BffError, bffError, refuse } from './errors.ts';

const m = messages.proxy;
const wire = (e: BffError) => [e.statusCode, e.code, e.message];

describe('BFF refusals', () => {
  it.each([
    [400, 'BAD_URL', m.notAllowed, refuse.notAllowed('BAD_URL')],
    [400, 'BAD_CLIENT', m.notAllowed, refuse.notAllowed('BAD_CLIENT')],
    [400, 'BAD_ENVIRONMENT', m.notAllowed, refuse.notAllowed('BAD_ENVIRONMENT')],
    [400, 'INVALID_BODY', m.notAllowed, refuse.notAllowed('INVALID_BODY')],
    [400, 'BAD_ENVELOPE', m.invalidEnvelope, refuse.envelope()],
    [400, 'BAD_REQUEST_ID', m.invalidEnvelope, refuse.envelope('BAD_REQUEST_ID')],
    [401, 'UNAUTHORIZED', m.unauthorized, refuse.unauthorized()],
    [401, 'UNKNOWN_DEVICE', m.unauthorized, refuse.unauthorized('UNKNOWN_DEVICE')],
    [409, 'REPLAYED', m.replayed, refuse.replayed()],
    [400, 'STALE_REQUEST_ID', m.staleRequest, refuse.stale()],
    [413, 'BODY_TOO_LARGE', m.tooLarge, refuse.tooLarge()],
    [502, 'UPSTREAM_UNAVAILABLE', m.upstream, refuse.upstream()],
    [502, 'UPSTREAM_REDIRECT', m.upstream, refuse.upstream('UPSTREAM_REDIRECT')],
    [502, 'UPSTREAM_INVALID', m.upstream, refuse.upstream('UPSTREAM_INVALID')],
    [400, 'BAD_DEVICE_ID', m.invalidDevice, bffError('BAD_DEVICE_ID')],
    [400, 'INVALID_DEVICE', m.invalidDevice, bffError('INVALID_DEVICE')],
    [401, 'METRICS_TOKEN', m.metricsToken, bffError('METRICS_TOKEN')],
    [429, 'RATE_LIMITED', messages.generic.tooMany, bffError('RATE_LIMITED')],
    [503, 'BUSY', m.busy, bffError('BUSY')],
    [415, 'UNSUPPORTED_MEDIA_TYPE', messages.generic.invalidInput, bffError('UNSUPPORTED_MEDIA_TYPE')],
    [500, 'UNEXPECTED', messages.generic.unexpected, bffError('UNEXPECTED')],
  ])('%i %s', (status, code, message, error) => {
    expect(wire(error)).toEqual([status, code, message]);
  });

  it('take the status and the reason of the table for the codes it lists', () => {
    for (const code of ['BAD_URL', 'REPLAYED', 'UPSTREAM_UNAVAILABLE', 'METRICS_TOKEN'] as const) {
      expect(bffError(code).statusCode).toBe(errors[code].status);
      expect(bffError(code).message).toBe(errors[code].message);
    }
  });
});
