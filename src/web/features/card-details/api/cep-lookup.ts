import { type CepResponse, cepResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

/** The postal-code lookup through the provider; a failure is only logged (spec section 8), so null. */
export async function lookupCep(cep: string): Promise<CepResponse | null> {
  try {
    return cepResponse.parse(await callApi('cepLookup', { params: { cep } }));
  } catch (error) {
    console.warn('fidis: consulta de CEP falhou', error);
    return null;
  }
}
