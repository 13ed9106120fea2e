// Consulta's audited "mostrar" of an address (decision 093): the holder's full address, each call recorded on the
// audit trail.
import type { RevealAddressResponse } from '../../contracts/profiles-contract.ts';
import { api } from './index.ts';

/** The full address of the account's holder (CEP, street, number, complement, district, city, state). */
export const revealAddress = async (uuid: string): Promise<RevealAddressResponse> =>
  api.revealAddress({ params: { uuid } });
