import { describe, expect, it } from 'vitest';
import { addressUpdateBody, holderUpdateBody } from '../../../../contracts/index.ts';
import {
  addressFromCep,
  addressToWire,
  birthDateToWire,
  formatPhone,
  type PersonalValues,
  personalToWire,
  validateAddress,
  validatePersonal,
} from './holder-validation.ts';
import { passwordUnlockUserId } from './user-id.ts';

const personal: PersonalValues = {
  name: 'Maria Souza',
  motherName: 'Ana Souza',
  birthDate: '29/02/1988',
  email: 'maria@exemplo.com.br',
  gender: 'F',
  dddPhone: '11',
  phoneNumber: '3333-4444',
  dddCellPhone: '11',
  cellPhoneNumber: '99999-8888',
};

const address = {
  zipCode: '01310-100',
  addressHome: 'Avenida Paulista',
  addressHomeNumber: '1000',
  addressHomeComplement: '',
  district: 'Bela Vista',
  state: 'SP',
  city: 'São Paulo',
};

describe('holder edit (spec section 5)', () => {
  it('passes a complete form', () => {
    expect(validatePersonal(personal)).toBeNull();
  });

  it.each(['motherName', 'name', 'phoneNumber', 'dddPhone', 'cellPhoneNumber', 'dddCellPhone', 'email'] as const)(
    "without %s: 'Preencha todos os campos obrigatórios'",
    (field) => {
      expect(validatePersonal({ ...personal, [field]: '  ' })).toBe('Preencha todos os campos obrigatórios');
    },
  );

  it('a birth date must be a real past date', () => {
    expect(validatePersonal({ ...personal, birthDate: '29/02/1989' })).toBe('Data de nascimento inválido');
    expect(validatePersonal({ ...personal, birthDate: '31/04/1990' })).toBe('Data de nascimento inválido');
    expect(validatePersonal({ ...personal, birthDate: '' })).toBe('Data de nascimento inválido');
    expect(birthDateToWire('29/02/1988')).toBe('29021988');
    expect(birthDateToWire('01/01/2999')).toBeNull();
  });

  it('an e-mail and phones the provider accepts', () => {
    expect(validatePersonal({ ...personal, email: 'maria@' })).toBe('Email inválido');
    expect(validatePersonal({ ...personal, dddPhone: '1' })).toMatch(/DDD/);
    expect(validatePersonal({ ...personal, cellPhoneNumber: '9999' })).toMatch(/celular/);
  });

  it('sends the body the wire schema takes; a stored value the form does not word is the provider’s to refuse', () => {
    const body = personalToWire(personal, '1234');
    expect(holderUpdateBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ birthDate: '29021988', phoneNumber: '33334444', cellPhoneNumber: '999998888' });
    expect(validatePersonal({ ...personal, name: 'N'.repeat(41) })).toBeNull();
  });

  it('formats phone and mobile with a hyphen before the last 4 digits', () => {
    expect(formatPhone('33334444')).toBe('3333-4444');
    expect(formatPhone('999998888')).toBe('99999-8888');
    expect(formatPhone('123')).toBe('123');
  });
});

describe('address edit (spec section 5)', () => {
  it('passes a complete address; the complement is optional', () => {
    expect(validateAddress(address)).toBeNull();
  });

  it.each(['zipCode', 'addressHomeNumber', 'addressHome', 'state', 'city', 'district'] as const)(
    "without %s: 'Verifique se todos os campos foram preenchidos!'",
    (field) => {
      expect(validateAddress({ ...address, [field]: '' })).toBe('Verifique se todos os campos foram preenchidos!');
    },
  );

  it("a CEP under 8 digits: 'O campo CEP é inválido.'", () => {
    expect(validateAddress({ ...address, zipCode: '01310-1' })).toBe('O campo CEP é inválido.');
  });

  it('sends the body the wire schema takes: state in capitals, CEP in digits', () => {
    const body = addressToWire({ ...address, state: 'sp ' });
    expect(addressUpdateBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ state: 'SP', zipCode: '01310100' });
  });

  it('the CEP lookup fills street, district, state and city cut to 40, 15, 3 and 30', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(addressFromCep({ logradouro: long(50), bairro: long(20), uf: 'SPX1', localidade: long(35) })).toEqual({
      addressHome: long(40),
      district: long(15),
      state: 'SPX',
      city: long(30),
    });
  });
});

describe('password unlock userId', () => {
  it("is the holder CPF's root (9 digits before the check digits), zero-padded to 9", () => {
    expect(passwordUnlockUserId('12345678909')).toBe('123456789');
    expect(passwordUnlockUserId('01234567890')).toBe('012345678');
    expect(passwordUnlockUserId('1234567890')).toBe('012345678');
  });
});
