import { describe, expect, it } from 'vitest';
import { createUserBody, messages, updateUserBody } from '../../../../contracts/index.ts';
import {
  type CreateUserValues,
  createUserError,
  createUserToWire,
  type EditUserValues,
  editUserError,
  editUserToWire,
} from './user-forms.ts';

const m = messages.users;

const created: CreateUserValues = {
  document: '529.982.247-25',
  login: ' Maria.Silva ',
  name: 'Maria da Silva',
  email: 'maria@exemplo.com.br',
  ddi: '55',
  ddd: '11',
  mobile: '91234-5678',
};

const edited: EditUserValues = {
  nomeUsuario: 'Joana Reis',
  email: 'joana@exemplo.com.br',
  ddi: '55',
  ddd: '11',
  mobile: '91234-5678',
  status: 'ATIVO',
};

describe('create user (spec section 5)', () => {
  it('sends the body the wire schema takes', () => {
    const body = createUserToWire(created);
    expect(createUserBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      login: 'maria.silva',
      numeroDocumento: '52998224725',
      ddi: 55,
      numCelular: 912345678,
    });
    expect(createUserError(created)).toBeNull();
  });

  it.each(['document', 'login', 'name', 'email', 'ddi', 'ddd', 'mobile'] as const)(
    'without %s: every field is required, before any other check',
    (field) => {
      expect(createUserError({ ...created, document: '111.111.111-11', email: 'x@', [field]: '' })).toBe(m.required);
    },
  );

  it('then the CPF check digits, then the e-mail', () => {
    expect(createUserError({ ...created, document: '529.982.247-24', email: 'x@' })).toBe(m.invalidDocument);
    expect(createUserError({ ...created, document: '529.982.2' })).toBe(m.invalidDocument);
    expect(createUserError({ ...created, email: 'maria@' })).toBe(m.invalidEmail);
  });
});

describe('edit user (spec section 5)', () => {
  it('sends the body the wire schema takes', () => {
    const body = editUserToWire(edited);
    expect(updateUserBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ ddi: 55, ddd: 11, numeroCelular: 912345678, listaPerfis: [''] });
    expect(editUserError(edited)).toBeNull();
  });

  it('requires every field first, then a valid e-mail, then a stored code an update takes', () => {
    for (const field of ['nomeUsuario', 'email', 'ddi', 'ddd', 'mobile'] as const) {
      expect(editUserError({ ...edited, ddi: '1234', [field]: '' })).toBe(m.editRequired);
    }
    expect(editUserError({ ...edited, ddi: '1234', email: 'joana@@x' })).toBe(m.editInvalidEmail);
    expect(editUserError({ ...edited, ddi: '1234' })).toBe(m.storedCodeInvalid);
    expect(editUserError({ ...edited, ddd: '351' })).toBeNull();
  });
});
