import { describe, expect, it } from 'vitest';
import { createUserBody, messages, updateUserBody } from '../../../../contracts/index.ts';
import { planSave, profileOfUser } from './save-plan.ts';
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
  profile: 'GESTOR_CARTOES',
};

const edited: EditUserValues = {
  nomeUsuario: 'Joana Reis',
  email: 'joana@exemplo.com.br',
  ddi: '55',
  ddd: '11',
  mobile: '91234-5678',
  status: 'ATIVO',
  profile: 'CONSULTA',
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
      listaPerfis: ['GESTOR_CARTOES'],
    });
    expect(createUserError(created)).toBeNull();
  });

  it('the default profile sends the spec’s one empty entry; only a raised profile is named (spec 3 and 6)', () => {
    const sent = (profile: string) => createUserToWire({ ...created, profile }).listaPerfis;
    expect(sent('CONSULTA')).toEqual(['']);
    expect(sent('')).toEqual(['']);
    expect(sent('GESTOR_CARTOES')).toEqual(['GESTOR_CARTOES']);
    expect(sent('ADMINISTRADOR')).toEqual(['ADMINISTRADOR']);
    // One empty entry is the spec's payload: the form never refuses it.
    expect(createUserError({ ...created, profile: 'CONSULTA' })).toBeNull();
    expect(createUserError({ ...created, profile: '' })).toBeNull();
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

describe('the profile on an update (issue 16)', () => {
  const user = {
    id: 'u-1',
    login: 'joana.reis',
    nomeUsuario: 'Joana Reis',
    email: 'joana@exemplo.com.br',
    numeroDocumento: '52998224725',
    ddi: 55,
    ddd: 11,
    numCelular: 912345678,
    status: 'ATIVO' as const,
    perfis: ['CONSULTA'],
    segundoFator: false,
  };
  const values = { ...editUserToWire(edited), status: 'ATIVO' as const, profile: 'CONSULTA' };

  it('reads the user’s profile from the list’s perfis', () => {
    expect(profileOfUser(user)).toBe('CONSULTA');
    expect(profileOfUser({ perfis: ['', 'OPERADOR'] })).toBe('');
  });

  it('is named only when it changed, so other companies keep theirs', () => {
    expect(planSave(user, values)).toEqual({});
    expect(planSave(user, { ...values, nomeUsuario: 'Joana R.' }).fields?.listaPerfis).toEqual(['']);
    expect(planSave(user, { ...values, profile: 'GESTOR_CARTOES' }).fields?.listaPerfis).toEqual(['GESTOR_CARTOES']);
    expect(planSave({ ...user, perfis: [] }, { ...values, profile: '' })).toEqual({});
  });
});
