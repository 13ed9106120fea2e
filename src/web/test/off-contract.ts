// What the typed client says of an answer off the contract, however it was checked (on the page or in the answers'
// worker, decision 153): the 502 BAD_RESPONSE with the generic message, what came kept, and a warning naming the call.
// By its name, not its class: a test that loads the client afresh (vi.resetModules) has an ApiError class of its own.
import { expect, type MockInstance } from 'vitest';
import { messages } from '../../contracts/messages.ts';

export function expectOffContract(error: unknown, came: unknown, warn: MockInstance, call: string): void {
  expect(error).toBeInstanceOf(Error);
  expect(error).toMatchObject({
    name: 'ApiError',
    status: 502,
    code: 'BAD_RESPONSE',
    message: messages.generic.unexpected,
    body: came,
  });
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(call), expect.anything());
}
