// The step-up at the typed client (decision 091): the transport is stubbed, the contract's schemas are the real ones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { callApi } from '../lib/transport/call-api.ts';
import { ApiError, api, isStepUpCancelled, setStepUpConfirmer } from './index.ts';

vi.mock('../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const transport = vi.mocked(callApi);

const CNPJ = '11222333000181';
const stepUpRequired = () => new ApiError(403, messages.secondFactor.stepUpRequired, 'STEP_UP_REQUIRED');
const answer = { message: 'Verificação em duas etapas do usuário redefinida.' };
const reset = () => api.resetUserSecondFactor({ headers: { cnpj: CNPJ }, params: { documentNumber: '52998224725' } });
const callsOf = (name: string) => transport.mock.calls.filter(([n]) => n === name);

describe('step-up at the typed client', () => {
  afterEach(() => {
    transport.mockReset();
    setStepUpConfirmer(null);
  });

  it('asks the operator once, then repeats the refused call once and answers its parsed answer', async () => {
    transport.mockRejectedValueOnce(stepUpRequired()).mockResolvedValueOnce({ ...answer, extra: 'fora do contrato' });
    const confirm = vi.fn(async () => true);
    setStepUpConfirmer(confirm);
    await expect(reset()).resolves.toEqual(answer);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(callsOf('resetUserSecondFactor')).toHaveLength(2);
    expect(callsOf('resetUserSecondFactor')[1]).toEqual(callsOf('resetUserSecondFactor')[0]);
  });

  it('cancelled: the call is not repeated and fails with the calm, recognisable refusal', async () => {
    transport.mockRejectedValueOnce(stepUpRequired());
    setStepUpConfirmer(async () => false);
    const error = await reset().catch((e: unknown) => e);
    expect(isStepUpCancelled(error)).toBe(true);
    expect(error).toMatchObject({
      status: 403,
      code: 'STEP_UP_REQUIRED',
      message: messages.secondFactor.ui.stepUpCancelled,
    });
    expect(callsOf('resetUserSecondFactor')).toHaveLength(1);
  });

  it('repeats only once: a second refusal goes to the caller as it came', async () => {
    const second = stepUpRequired();
    transport.mockRejectedValueOnce(stepUpRequired()).mockRejectedValueOnce(second);
    const confirm = vi.fn(async () => true);
    setStepUpConfirmer(confirm);
    await expect(reset()).rejects.toBe(second);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(callsOf('resetUserSecondFactor')).toHaveLength(2);
  });

  it('two calls refused at once share one confirmation', async () => {
    let release: (ok: boolean) => void = () => undefined;
    const confirm = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    setStepUpConfirmer(confirm);
    transport.mockRejectedValueOnce(stepUpRequired()).mockRejectedValueOnce(stepUpRequired()).mockResolvedValue(answer);
    const both = Promise.all([reset(), reset()]);
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    release(true);
    await expect(both).resolves.toEqual([answer, answer]);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('other refusals, stepUp itself, and a client without a dialog pass the refusal on untouched', async () => {
    const confirm = vi.fn(async () => true);
    setStepUpConfirmer(confirm);
    const other = new ApiError(404, messages.secondFactor.notEnrolled, 'SECOND_FACTOR_NOT_ENROLLED');
    transport.mockRejectedValueOnce(other);
    await expect(reset()).rejects.toBe(other);
    const failed = stepUpRequired();
    transport.mockRejectedValueOnce(failed);
    await expect(api.stepUp({ body: { senha: 'x' } })).rejects.toBe(failed);
    expect(confirm).not.toHaveBeenCalled();

    setStepUpConfirmer(null);
    const refused = stepUpRequired();
    transport.mockRejectedValueOnce(refused);
    await expect(reset()).rejects.toBe(refused);
  });
});
