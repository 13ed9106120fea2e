import { describe, expect, it } from 'vitest';
import {
  addressFromCep,
  formatPhone,
  isValidDueDay,
  isValidIsoDate,
  isValidPersonName,
  isValidProposalCpf,
  isValidProposalEmail,
  isValidTypedDate,
  normalizeSpaces,
  shouldLookUpCep,
  stripWhitespace,
  typedDateToIso,
} from './proposal-rules.ts';
import { proposalBody } from './schemas.ts';
import { validProposal } from './test/proposal-fixture.ts';

describe('CPF', () => {
  it('accepts valid check digits, masked or not', () => {
    expect(isValidProposalCpf('529.982.247-25')).toBe(true);
    expect(isValidProposalCpf('52998224725')).toBe(true);
  });

  it('refuses a wrong check digit, a short number and every all-equal CPF', () => {
    expect(isValidProposalCpf('529.982.247-24')).toBe(false);
    expect(isValidProposalCpf('5299822472')).toBe(false);
    expect(isValidProposalCpf('')).toBe(false);
    for (let d = 0; d <= 9; d++) expect(isValidProposalCpf(String(d).repeat(11)), String(d)).toBe(false);
  });
});

describe('birth date (dd/mm/yyyy, real dates only)', () => {
  it('accepts 29/02 of a leap year and refuses it in a year that is not leap', () => {
    expect(isValidTypedDate('29/02/2024')).toBe(true);
    expect(isValidTypedDate('29/02/2000')).toBe(true);
    expect(isValidTypedDate('29/02/2023')).toBe(false);
    expect(isValidTypedDate('29/02/1900')).toBe(false);
  });

  it('knows month lengths', () => {
    expect(isValidTypedDate('31/01/1990')).toBe(true);
    expect(isValidTypedDate('30/04/1990')).toBe(true);
    expect(isValidTypedDate('31/04/1990')).toBe(false);
    expect(isValidTypedDate('32/01/1990')).toBe(false);
    expect(isValidTypedDate('00/01/1990')).toBe(false);
    expect(isValidTypedDate('10/13/1990')).toBe(false);
  });

  it('refuses anything not typed as dd/mm/yyyy', () => {
    expect(isValidTypedDate('1/2/1990')).toBe(false);
    expect(isValidTypedDate('01/02/90')).toBe(false);
    expect(isValidTypedDate('')).toBe(false);
  });

  it('turns the typed date into the proposal’s YYYY-MM-DD', () => {
    expect(typedDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(typedDateToIso('29/02/2023')).toBeNull();
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
  });

  it('refuses dates before 1900, which PostgreSQL may not even store (year 0000)', () => {
    expect(isValidIsoDate('0000-11-01')).toBe(false);
    expect(isValidIsoDate('1899-12-31')).toBe(false);
    expect(isValidIsoDate('1900-01-01')).toBe(true);
  });
});

describe('due day', () => {
  it('accepts 1 to 31 and refuses 32 and 0', () => {
    expect(isValidDueDay(22)).toBe(true);
    expect(isValidDueDay(31)).toBe(true);
    expect(isValidDueDay('31')).toBe(true);
    expect(isValidDueDay(32)).toBe(false);
    expect(isValidDueDay('32')).toBe(false);
    expect(isValidDueDay(0)).toBe(false);
    expect(isValidDueDay(1.5)).toBe(false);
  });
});

describe('names', () => {
  it('accepts two or more words of letters, accents and ampersands', () => {
    expect(isValidPersonName('Maria Silva')).toBe(true);
    expect(isValidPersonName('João Ávila Conceição')).toBe(true);
    expect(isValidPersonName('Jo & Irmãos')).toBe(true);
    expect(isValidPersonName('  Ana   Luíza  ')).toBe(true);
    expect(isValidPersonName('Ana\u00a0Luíza')).toBe(true);
  });

  it('refuses one word, a digit, other symbols, and a first word of one letter', () => {
    expect(isValidPersonName('Maria')).toBe(false);
    expect(isValidPersonName('Maria 2 Silva')).toBe(false);
    expect(isValidPersonName('Maria Silva3')).toBe(false);
    expect(isValidPersonName('Maria-Silva Souza')).toBe(false);
    expect(isValidPersonName("D'Ávila Souza")).toBe(false);
    expect(isValidPersonName('M Silva')).toBe(false);
    expect(isValidPersonName('')).toBe(false);
  });
});

describe('e-mail', () => {
  it('accepts a standard address and refuses broken ones', () => {
    expect(isValidProposalEmail('maria.silva@exemplo.com.br')).toBe(true);
    expect(isValidProposalEmail('maria@exemplo')).toBe(false);
    expect(isValidProposalEmail('maria@')).toBe(false);
    expect(isValidProposalEmail('maria silva@exemplo.com')).toBe(false);
    expect(isValidProposalEmail(`${'a'.repeat(55)}@x.com`)).toBe(false);
  });
});

describe('spaces, CEP and phones', () => {
  it('turns non-breaking spaces into plain ones and strips every space of a complement', () => {
    expect(normalizeSpaces('Rua\u00a0das\u202fFlores')).toBe('Rua das Flores');
    expect(stripWhitespace(' Apto\u00a031 \t Bloco B ')).toBe('Apto31BlocoB');
  });

  it('cuts what the CEP lookup fills: street 40, district 15, state 3, city 30', () => {
    const filled = addressFromCep({
      logradouro: 'Avenida Governador Doutor Adhemar Pereira de Barros',
      bairro: 'Jardim\u00a0Paulistano Norte',
      uf: 'SPX1',
      localidade: 'São José dos Campos do Norte Paulista',
      complemento: 'até 999/1000',
    });
    expect(filled.street).toBe('Avenida Governador Doutor Adhemar Pereir');
    expect(filled.street).toHaveLength(40);
    expect(filled.district).toBe('Jardim Paulista');
    expect(filled.state).toBe('SPX');
    expect(filled.city).toHaveLength(30);
    expect(filled.complement).toBe('até 999/1000');
  });

  it('looks a CEP up only once it is longer than 8 characters', () => {
    expect(shouldLookUpCep('01310-10')).toBe(false);
    expect(shouldLookUpCep('01310-100')).toBe(true);
  });

  it('puts a hyphen before the last four digits of a phone', () => {
    expect(formatPhone('33334444')).toBe('3333-4444');
    expect(formatPhone('991234567')).toBe('99123-4567');
    expect(formatPhone('123')).toBe('123');
  });
});

describe('the shared proposal schema', () => {
  const valid = validProposal('000777', '52998224725');
  const reason = (patch: object) => proposalBody.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;

  it('accepts a complete proposal', () => {
    expect(proposalBody.safeParse(valid).success).toBe(true);
  });

  it('gives the spec texts for the rules it checks', () => {
    expect(reason({ documentNumber: '00000000000' })).toBe('CPF inválido');
    expect(reason({ birthDate: '1991-02-29' })).toBe('Data de nascimento inválido');
    expect(reason({ dayDue: 32 })).toBe('Data de vencimento inválido');
    expect(reason({ dayDue: 31 })).toBeUndefined();
    expect(reason({ clientName: 'Maria' })).toMatch(/sem números ou caracteres especiais/);
    expect(reason({ email: 'maria@' })).toBe('Email inválido');
    expect(reason({ zipCode: '' })).toBe('Por favor os dados do endereço resiencial.');
    expect(reason({ typeAddress: 'C' })).toBe('Por favor os dados do endereço comercial.');
  });
});
