// The status chip's reason (issue 27, decision 116): derived once from a row's codes.
import { describe, expect, it } from 'vitest';
import { type CardStateFields, isCardActive, matchesStatusFilter, statusReasonOf, statusText } from './card-state.ts';

const row = (more: Partial<CardStateFields> = {}): CardStateFields => ({
  cardStatus: 'active',
  cardBlockingCode: null,
  accountBlockingCodeTwo: null,
  accountWarningCode: null,
  accountStatusDescription: 'NORMAL',
  activeFlag: 'S',
  ...more,
});
const blocked = (code: string | null, more: Partial<CardStateFields> = {}) =>
  row({ cardStatus: 'inactive', cardBlockingCode: code, ...more });

describe('the status chip', () => {
  it("keeps the spec's Ativo for an active card, codes '0' or blank included", () => {
    expect(statusText(row())).toBe('Ativo');
    expect(statusText(row({ cardBlockingCode: '0', accountWarningCode: ' ' }))).toBe('Ativo');
    expect(statusReasonOf(row())).toBeNull();
  });

  it('adds the reason of each block code to Inativo', () => {
    expect(statusText(blocked('P'))).toBe('Inativo · perda');
    expect(statusText(blocked('R'))).toBe('Inativo · roubo');
    expect(statusText(blocked('BE'))).toBe('Inativo · bloqueio temporário');
    expect(statusText(blocked('O'))).toBe('Inativo · outro motivo');
  });

  it('says cancelada for a cancelled account, whose card carries the O of the cancel', () => {
    expect(statusText(blocked('O', { accountStatusDescription: 'CANCELADA' }))).toBe('Inativo · cancelada');
  });

  it('says bloqueio permanente for activeFlag N or a code the platform set, but keeps loss and theft', () => {
    expect(statusText(blocked(null, { activeFlag: 'N' }))).toBe('Inativo · bloqueio permanente');
    expect(statusText(blocked('BE', { activeFlag: 'N' }))).toBe('Inativo · bloqueio permanente');
    expect(statusText(blocked('X9'))).toBe('Inativo · bloqueio permanente');
    expect(statusText(blocked('P', { activeFlag: 'N' }))).toBe('Inativo · perda');
  });

  it("reads the account's blocking and warning codes when the card has none", () => {
    expect(statusText(row({ accountBlockingCodeTwo: 'Z' }))).toBe('Inativo · conta bloqueada');
    expect(statusText(row({ accountWarningCode: 'C' }))).toBe('Inativo · alerta na conta');
  });

  it('says only Inativo when nothing tells why, and when an older answer lacks the new fields', () => {
    expect(statusText(row({ cardStatus: 'inactive' }))).toBe('Inativo');
    const older = {
      cardStatus: 'inactive',
      cardBlockingCode: 'R',
      accountBlockingCodeTwo: null,
      accountWarningCode: null,
    };
    expect(statusText(older)).toBe('Inativo · roubo');
  });

  it('agrees with the spec rule on Ativo and with the filters', () => {
    const rows = [
      row(),
      blocked('P'),
      blocked('O', { accountStatusDescription: 'CANCELADA' }),
      row({ accountWarningCode: 'C' }),
    ];
    for (const r of rows) {
      expect(matchesStatusFilter(r, 'ativo')).toBe(isCardActive(r));
      expect(matchesStatusFilter(r, 'inativo')).toBe(!isCardActive(r));
    }
    expect(matchesStatusFilter(blocked('P'), 'perda')).toBe(true);
    expect(matchesStatusFilter(blocked('P'), 'roubo')).toBe(false);
  });
});
