import { describe, expect, it } from 'vitest';
import { messages, proposalBody } from '../../../contracts/index.ts';
import { fieldProblems, firstProblem, type HolderForm, initialForm, toProposal } from './form-model.ts';

const UUID = '0b8f3c2e-5a1d-4c3e-9f00-1234567890ab';

function complete(patch: Partial<HolderForm> = {}): HolderForm {
  return {
    ...initialForm(),
    cpf: '529.982.247-25',
    clientName: 'Marina\u00a0Costa Araújo',
    embossName: 'MARINA C ARAUJO',
    motherName: 'Helena Costa',
    birthDate: '29/02/1988',
    email: 'marina@exemplo.com.br',
    dddCellPhone: '19',
    cellPhone: '99123-4567',
    creditLimit: '2.500,00',
    typeAddress: 'R',
    zipCode: '13010-100',
    street: 'Rua das Acácias',
    number: '120',
    complement: ' Apto\u00a031  B ',
    district: 'Centro',
    state: 'sp',
    city: 'Campinas',
    ...patch,
  };
}

describe('the holder form', () => {
  it('starts with the due day of spec section 9 and nothing chosen for the operator', () => {
    expect(initialForm()).toMatchObject({
      dayDue: '22',
      valueIncome: '',
      maritalStatus: '',
      gender: '',
      typeAddress: '',
    });
  });

  it('sends the defaults of spec section 9 for what was left unchosen, and what was chosen otherwise', () => {
    expect(toProposal(complete({}), 1, '000101', 'u')).toMatchObject({
      maritalStatus: 1,
      gender: 'M',
      valueIncome: '0.00',
    });
    expect(
      toProposal(complete({ maritalStatus: '2', gender: 'F', valueIncome: '3.500,00' }), 1, '000101', 'u'),
    ).toMatchObject({ maritalStatus: 2, gender: 'F', valueIncome: '3500.00' });
  });

  it('marks each invalid field with its own need; an incomplete address marks every empty field of it', () => {
    const t = messages.proposal;
    expect(fieldProblems(initialForm())).toMatchObject({
      cpf: t.fieldRequired,
      clientName: t.fieldRequired,
      typeAddress: t.fieldRequired,
      creditLimit: t.creditLimitRequired,
      street: t.fieldRequired,
      city: t.fieldRequired,
    });
    expect(fieldProblems(complete({}))).toEqual({});
    expect(fieldProblems(complete({ number: '', city: '' }))).toEqual({
      number: t.fieldRequired,
      city: t.fieldRequired,
    });
    expect(fieldProblems(complete({ cpf: '111.111.111-11', cellPhone: '9123' }))).toEqual({
      cpf: t.invalidCpf,
      cellPhone: t.fieldInvalid,
    });
  });

  it('checks in the spec’s order, one message at a time', () => {
    const t = messages.proposal;
    expect(firstProblem(initialForm())).toBe(t.personalRequired);
    expect(firstProblem(complete({ cellPhone: '' }))).toBe(t.personalRequired);
    expect(firstProblem(complete({ typeAddress: '' }))).toBe(t.personalRequired);
    expect(firstProblem(complete({ street: '' }))).toBe('Por favor os dados do endereço resiencial.');
    expect(firstProblem(complete({ typeAddress: 'C', city: ' ' }))).toBe('Por favor os dados do endereço comercial.');
    expect(firstProblem(complete({ cpf: '111.111.111-11' }))).toBe('CPF inválido');
    expect(firstProblem(complete({ cpf: '529.982.247-24' }))).toBe('CPF inválido');
    expect(firstProblem(complete({ birthDate: '29/02/1989' }))).toBe('Data de nascimento inválido');
    expect(firstProblem(complete({ birthDate: '31/04/1990' }))).toBe('Data de nascimento inválido');
    expect(firstProblem(complete({ clientName: 'Marina' }))).toBe(t.invalidName);
    expect(firstProblem(complete({ clientName: 'Marina 2 Costa' }))).toBe(t.invalidName);
    expect(firstProblem(complete({ motherName: 'Helena' }))).toBe(t.invalidMotherName);
    expect(firstProblem(complete({ email: 'marina@exemplo' }))).toBe('Email inválido');
    expect(firstProblem(complete({ dayDue: '32' }))).toBe('Data de vencimento inválido');
    expect(firstProblem(complete({ dayDue: '31' }))).toBeNull();
    expect(firstProblem(complete({ creditLimit: '' }))).toBe(t.creditLimitRequired);
    // The home phone is optional, but a number needs its DDD.
    expect(firstProblem(complete({ phoneHome: '3333-4444' }))).toBe(t.personalRequired);
    expect(firstProblem(complete({ dddHome: '19', phoneHome: '3333-4444' }))).toBeNull();
    expect(firstProblem(complete({ dddHome: '19' }))).toBeNull();
    expect(firstProblem(complete())).toBeNull();
  });

  it('refuses what the provider’s schema would: a birth date before 1900, an e-mail without a real domain', () => {
    expect(firstProblem(complete({ birthDate: '31/12/1899' }))).toBe('Data de nascimento inválido');
    expect(firstProblem(complete({ email: 'marina@exemplo.c' }))).toBe('Email inválido');
    expect(firstProblem(complete({ email: `${'m'.repeat(50)}@exemplo.com` }))).toBe('Email inválido');
  });

  it('builds a proposal the shared schema accepts: spaces made plain, complement without whitespace', () => {
    const proposal = toProposal(complete(), 2, '000101', UUID);
    expect(proposalBody.safeParse(proposal).success).toBe(true);
    expect(proposal).toMatchObject({
      uuid: UUID,
      org: '090',
      logo: 2,
      clientName: 'Marina Costa Araújo',
      birthDate: '1988-02-29',
      documentNumber: '52998224725',
      cellPhone: '991234567',
      addressHome: 'Rua das Acácias',
      addressHomecomplement: 'Apto31B',
      cityHomeCode: 'SP',
      zipCode: '13010100',
      addressWork: '',
      zipCodeWork: '',
      creditLimit: 2500,
      dayDue: 22,
      valueIncome: '0.00',
      maritalStatus: 1,
      gender: 'M',
      pctCode: 1,
      annuityCode: 1,
      discountCode: 1,
      mainAccount: 'N',
      typeAddress: 'R',
      relationCode: '000101',
    });
  });

  it('puts a commercial address in the work fields', () => {
    const proposal = toProposal(complete({ typeAddress: 'C', valueIncome: '3.210,50' }), 1, '000101', UUID);
    expect(proposal).toMatchObject({
      addressWork: 'Rua das Acácias',
      cityCodeWork: 'SP',
      addressHome: '',
      zipCode: '',
    });
    expect(proposal.valueIncome).toBe('3210.50');
    expect(proposalBody.safeParse(proposal).success).toBe(true);
  });
});
