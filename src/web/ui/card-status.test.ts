import { describe, expect, it } from 'vitest';
import { isCardActive, lookupCardStatus } from './card-status.ts';

const active = { cardStatus: 'active', cardBlockingCode: null, accountBlockingCodeTwo: null, accountWarningCode: null };

describe('card status indicator (spec section 4)', () => {
  it('is Ativo only when cardStatus is active and the three codes are empty or 0', () => {
    expect(isCardActive(active)).toBe(true);
    expect(
      isCardActive({ ...active, cardBlockingCode: '', accountBlockingCodeTwo: '0', accountWarningCode: '0' }),
    ).toBe(true);
    expect(isCardActive({ ...active, cardBlockingCode: undefined })).toBe(true);
    expect(isCardActive({ ...active, cardBlockingCode: ' ' })).toBe(true);
  });

  it.each([
    ['cardStatus inactive', { cardStatus: 'inactive' }],
    ['cardStatus empty', { cardStatus: '' }],
    ['cardStatus Active (case matters)', { cardStatus: 'Active' }],
    ['cardStatus null', { cardStatus: null }],
    ['a card blocking code', { cardBlockingCode: 'P' }],
    ['a card blocking code of 00', { cardBlockingCode: '00' }],
    ['a second account blocking code', { accountBlockingCodeTwo: 'Z' }],
    ['an account warning code', { accountWarningCode: 'C' }],
    ['an account warning code of 1', { accountWarningCode: '1' }],
  ])('is Inativo with %s', (_, change) => {
    expect(isCardActive({ ...active, ...change })).toBe(false);
  });

  it('maps the lookup status: Actived is active, anything else inactive', () => {
    expect(lookupCardStatus('Actived')).toBe('active');
    expect(lookupCardStatus('Blocked')).toBe('inactive');
    expect(lookupCardStatus('actived')).toBe('inactive');
    expect(lookupCardStatus(null)).toBe('inactive');
  });
});
