import { type CepResponse, cepResponse } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';

/** The postal-code lookup; a failure is only logged by the caller (spec section 8). */
export async function lookupCep(cep: string): Promise<CepResponse> {
  return cepResponse.parse(await callApi('cepLookup', { params: { cep } }));
}
