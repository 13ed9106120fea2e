// One complete, valid holder update body (PUT /v1/client/account), for the provider and security tests.
export function validHolderUpdate(last4digits: string, overrides: Record<string, unknown> = {}) {
  return {
    last4digits,
    motherName: 'Maria Aparecida Santos',
    name: 'João Pedro Albuquerque',
    birthDate: '29021988',
    email: 'joao.albuquerque@exemplo.com.br',
    phoneNumber: '33334444',
    dddPhone: '11',
    cellPhoneNumber: '987654321',
    dddCellPhone: '21',
    gender: 'O',
    ...overrides,
  };
}
