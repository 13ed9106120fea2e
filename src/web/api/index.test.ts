// The typed client against its edge: the sealed transport is stubbed, the contract's schemas are the real ones.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { BrowserResponseOf } from '../../contracts/contract.ts';
import { messages } from '../../contracts/messages.ts';
import { callApi } from '../lib/transport/call-api.ts';
import { expectOffContract } from '../test/off-contract.ts';
import { ApiError, api } from './index.ts';

vi.mock('../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const transport = vi.mocked(callApi);

const UUID = '0192f5a0-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const limit = { availableLimit: 1500, creditLimit: 5000, availableCreditLimitUsed: 3500 };

describe('api', () => {
  afterEach(() => {
    transport.mockReset();
    vi.restoreAllMocks();
  });

  it('sends the input through the transport and answers the parsed, typed answer', async () => {
    transport.mockResolvedValue({ ...limit, internalNote: 'não é do contrato' });
    const answer = await api.readLimit({ params: { uuid: UUID }, headers: { last4digits: '5681' } });
    expectTypeOf(answer).toEqualTypeOf<BrowserResponseOf<'readLimit'>>();
    expectTypeOf(answer.availableLimit).toEqualTypeOf<number>();
    expect(answer).toEqual(limit);
    expect(transport).toHaveBeenCalledWith('readLimit', { params: { uuid: UUID }, headers: { last4digits: '5681' } });
  });

  it('rejects an answer missing a field with a 502 BAD_RESPONSE that keeps what came', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = { availableLimit: 1500, creditLimit: 5000 };
    transport.mockResolvedValue(broken);
    const error = await api
      .readLimit({ params: { uuid: UUID }, headers: { last4digits: '5681' } })
      .catch((e: unknown) => e);
    expectOffContract(error, broken, warn, 'readLimit');
  });

  it("answers the login's browser answer, which holds no token", async () => {
    const companies = [
      { corporateName: 'Alfa', cnpj: '11222333000181', relationCode: '000101', perfil: 'GESTOR_CARTOES' as const },
    ];
    transport.mockResolvedValue({
      usuario: 'Maria',
      login: 'maria',
      primeiroAcesso: false,
      companies,
      segundoFator: 'NENHUM',
      token: 'vazou',
    });
    const answer = await api.login({ body: { login: 'maria', senha: 'segredo' } });
    expectTypeOf(answer).not.toHaveProperty('token');
    expect(answer).toEqual({
      usuario: 'Maria',
      login: 'maria',
      primeiroAcesso: false,
      companies,
      segundoFator: 'NENHUM',
    });
  });

  it('a 204 answers nothing, and a call without input gives the transport the endpoint alone', async () => {
    transport.mockResolvedValue(null);
    await expect(api.logout()).resolves.toBeUndefined();
    expect(transport).toHaveBeenCalledWith('logout');
  });

  it('passes a refusal of the transport on as it came', async () => {
    const refusal = new ApiError(404, messages.cardApi.cardNotFound, 'CARD_NOT_FOUND');
    transport.mockRejectedValue(refusal);
    await expect(api.holder({ params: { uuid: UUID } })).rejects.toBe(refusal);
  });
});
