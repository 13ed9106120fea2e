// The trail's values as the CSV file writes them (changeText is the file's "Antes → depois" cell, and the screen
// renders the same pieces): codes by their pt-BR names, a creation without "(vazio) →", reads as sentences.
import { describe, expect, it } from 'vitest';
import { auditValue, changeText } from './audit.ts';

describe('the audit trail in words', () => {
  it('names coded values as the screens that set them do', () => {
    expect(auditValue('blockCode', 'R')).toBe('Roubo');
    expect(auditValue('blockCode', 'BE')).toBe('Bloqueio temporário');
    expect(auditValue('reasonReissueCard', 'P')).toBe('Perda');
    expect(auditValue('modalityType', 'ISSUE_CARD_2_WAY')).toBe('Emissão de 2ª via');
    expect(auditValue('logo', '1')).toBe('Cartão Verde');
    expect(auditValue('gender', 'F')).toBe('Feminino');
    expect(changeText({ field: 'blockCode', before: 'P', after: 'O' })).toBe('Motivo do bloqueio: Perda → Outros');
  });

  it('shows a creation with its new value only; a change keeps before → after', () => {
    expect(changeText({ field: 'embossName', before: null, after: 'MARIA SOUZA' })).toBe('Nome no cartão: MARIA SOUZA');
    expect(changeText({ field: 'creditLimit', before: '1000', after: '2500.5' })).toBe(
      'Limite: R$ 1.000,00 → R$ 2.500,50',
    );
    expect(changeText({ field: 'addressComplement', before: 'Apto 3', after: null })).toBe(
      'Complemento: Apto 3 → (vazio)',
    );
  });

  it('says each sensitive read as what was read, where and when (Brasília), never JSON', () => {
    const after = JSON.stringify([
      { em: '2026-11-24T08:09:45.000Z', alvo: 'account:1', dados: ['cpf'], chamada: 'cardsOfAccount' },
      { em: '2026-11-24T08:10:00.000Z', alvo: 'account:1', dados: ['cpf', 'address'], chamada: 'holder' },
      { em: '2026-11-24T08:11:00.000Z', alvo: 'empresa:1', chamada: 'auditTrail' },
      { em: 'never', alvo: 'x', dados: ['address'], chamada: 'somethingNew' },
    ]);
    expect(changeText({ field: 'leituras', before: null, after })).toBe(
      'Leituras: CPF completo lido em Detalhes do cartão às 05:09:45; ' +
        'CPF e endereço completos lidos em Dados do portador às 05:10:00; ' +
        'Consulta em Auditoria às 05:11:00; ' +
        'Endereço completo lido em outra tela do portal',
    );
    // Not a list of reads: shown as recorded rather than lost.
    expect(changeText({ field: 'leituras', before: null, after: 'x' })).toBe('Leituras: x');
  });
});
