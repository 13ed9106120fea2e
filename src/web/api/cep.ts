import { api } from './index.ts';

/**
 * The postal-code lookup of both address forms. A failure (unknown CEP, lookup down, an answer off the contract) is
 * only logged, as spec section 8 asks, and answers null: the operator then types the address.
 */
export async function lookupCep(cep: string) {
  try {
    return await api.cepLookup({ params: { cep } });
  } catch (error) {
    console.warn('fidis: consulta de CEP falhou', error);
    return null;
  }
}
