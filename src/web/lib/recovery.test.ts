import { describe, expect, it } from 'vitest';
import { isTransientFailure, RECOVERY_INTERVAL_MS, recoveryInterval } from './recovery.ts';
import { ApiError, NETWORK_ERROR_CODE, STARTUP_FAILED_CODE } from './transport/index.ts';

const failed = (error: unknown) => ({ state: { status: 'error', error } });

describe('isTransientFailure', () => {
  it.each([
    [new ApiError(502, 'x', 'UPSTREAM_UNAVAILABLE'), true],
    [new ApiError(503, 'x'), true],
    [new ApiError(504, 'x'), true],
    [new ApiError(0, 'x', NETWORK_ERROR_CODE), true],
    [new ApiError(0, 'x', STARTUP_FAILED_CODE), true],
    [new ApiError(0, 'x', 'E00001'), false],
    [new ApiError(400, 'x', 'BAD_REQUEST'), false],
    [new ApiError(401, 'x'), false],
    [new ApiError(404, 'x', 'NOT_FOUND'), false],
    [new ApiError(409, 'x'), false],
    [new ApiError(429, 'x', 'RATE_LIMITED'), false],
    [new ApiError(500, 'x', 'UNEXPECTED'), false],
    [new ApiError(502, 'x', 'BAD_RESPONSE'), false],
    [new TypeError('x is undefined'), false],
    [new Error('parse'), false],
  ])('%s → %s', (error, expected) => {
    expect(isTransientFailure(error)).toBe(expected);
  });
});

describe('recoveryInterval', () => {
  it('polls a read in a transient failure', () => {
    expect(recoveryInterval(failed(new ApiError(502, 'x')))).toBe(RECOVERY_INTERVAL_MS);
  });

  it('leaves alone a read that succeeded, is loading or was refused for its own sake', () => {
    expect(recoveryInterval({ state: { status: 'success', error: null } })).toBe(false);
    expect(recoveryInterval({ state: { status: 'pending', error: null } })).toBe(false);
    expect(recoveryInterval(failed(new ApiError(404, 'x')))).toBe(false);
  });
});
