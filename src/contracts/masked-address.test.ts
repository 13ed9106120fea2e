// Consulta's masked address (decision 093): which fields are masked, how, and only inside a holder's address.
import { describe, expect, it } from 'vitest';
import { isMaskedAddress, maskAddressFields, maskZipCode } from './masked-address.ts';

describe('maskAddressFields', () => {
  const holder = {
    clientNameHolder: 'Ana Souza',
    zipCode: '01310100',
    address: 'AV PAULISTA',
    addressNumber: '1000',
    addressComplement: 'CONJ 5',
    district: 'BELA VISTA',
    city: 'SAO PAULO',
    state: 'SP',
  };

  it('masks the CEP to its region, and street, number, complement and district to •••; city and state stay', () => {
    expect(maskAddressFields(holder)).toEqual({
      clientNameHolder: 'Ana Souza',
      zipCode: '01•••-•••',
      address: '•••',
      addressNumber: '•••',
      addressComplement: '•••',
      district: '•••',
      city: 'SAO PAULO',
      state: 'SP',
    });
    expect(holder.address).toBe('AV PAULISTA');
  });

  it('leaves an empty complement empty, and reaches nested objects and arrays', () => {
    const [masked] = maskAddressFields([{ holder: { ...holder, addressComplement: '' } }]);
    expect(masked?.holder.addressComplement).toBe('');
    expect(masked?.holder.address).toBe('•••');
  });

  it('leaves an object without a zipCode alone: the audit trail’s address is a client IP', () => {
    const event = { address: '203.0.113.7', district: 'x' };
    expect(maskAddressFields(event)).toEqual(event);
  });

  it('reads a masked value by its marker', () => {
    expect(maskZipCode('01310-100')).toBe('01•••-•••');
    expect(isMaskedAddress('01•••-•••')).toBe(true);
    expect(isMaskedAddress('R DAS FLORES * 2')).toBe(false);
    expect(isMaskedAddress(null)).toBe(false);
  });
});
