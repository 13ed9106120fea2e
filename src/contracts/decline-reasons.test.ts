import { describe, expect, it } from 'vitest';
import {
  DECLINE_REASONS,
  declineReasonOf,
  explainDecline,
  parseSuggestedLimit,
  suggestedLimitCents,
  suggestedLimitParam,
} from './decline-reasons.ts';
import { DECLINE_CODES } from './spending-controls.ts';

describe('decline reasons', () => {
  it('maps the descriptions issuers send, whatever their case, accents and spacing', () => {
    expect(declineReasonOf('SALDO INSUFICIENTE')).toBe('INSUFFICIENT_LIMIT');
    expect(declineReasonOf('Senha  inválida ')).toBe('WRONG_PASSWORD');
    expect(declineReasonOf('CARTÃO BLOQUEADO')).toBe('CARD_BLOCKED');
    expect(declineReasonOf('CARTAO VENCIDO')).toBe('CARD_EXPIRED');
    expect(declineReasonOf('TRANSACAO NAO PERMITIDA')).toBe('MERCHANT_REFUSED');
    expect(declineReasonOf('ESTABELECIMENTO INVALIDO')).toBe('MERCHANT_REFUSED');
    expect(declineReasonOf('SUSPEITA DE FRAUDE')).toBe('UNKNOWN');
  });

  it('explains every reason in pt-BR, with a fix only where a screen can lift it', () => {
    expect(explainDecline('SALDO INSUFICIENTE')).toMatchObject({ fix: 'limit', text: /^Limite insuficiente/ });
    expect(explainDecline('SENHA INVALIDA').fix).toBe('unlock');
    expect(explainDecline('CARTAO BLOQUEADO').fix).toBe('unblock');
    expect(explainDecline('CARTAO VENCIDO').fix).toBeNull();
    expect(explainDecline('ESTABELECIMENTO INVALIDO').text).toMatch(/fale com o estabelecimento/);
    expect(explainDecline(' SUSPEITA DE FRAUDE ')).toEqual({
      reason: 'UNKNOWN',
      text: 'Motivo informado pela bandeira: SUSPEITA DE FRAUDE',
      fix: null,
    });
    const texts = new Set(
      [
        'SALDO INSUFICIENTE',
        'SENHA INVALIDA',
        'CARTAO BLOQUEADO',
        'CARTAO VENCIDO',
        'TRANSACAO NAO PERMITIDA',
        'NEGADA POR CONTROLE DE GASTO',
        'LIMITE DO CARTAO VIRTUAL',
        'X',
      ].map((d) => explainDecline(d).text),
    );
    expect(texts.size).toBe(DECLINE_REASONS.length);
  });

  it('names the spending control that declined a purchase, and offers the controls screen (issue 30)', () => {
    expect(explainDecline('NEGADA POR CONTROLE DE GASTO')).toEqual({
      reason: 'SPENDING_CONTROL',
      text: 'Negada por um controle de gasto do cartão (categoria, país, forma de compra ou valor máximo).',
      fix: 'controls',
    });
    expect(explainDecline('NEGADA POR CONTROLE DE GASTO', 'OVER_DAILY').text).toBe(
      'Negada pelos controles de gasto: a compra passaria do máximo por dia.',
    );
    // Every control the authorization path can name has its own words.
    const controls = ['CARD_UNUSABLE', 'INSUFFICIENT_LIMIT', 'VIRTUAL_LIMIT'];
    const named = DECLINE_CODES.filter((c) => !controls.includes(c)).map(
      (code) => explainDecline('NEGADA POR CONTROLE DE GASTO', code).text,
    );
    expect(new Set(named).size).toBe(7);
    // A code on another reason's row changes nothing.
    expect(explainDecline('SALDO INSUFICIENTE', 'OVER_DAILY').text).toMatch(/^Limite insuficiente/);
  });

  it('suggests an available limit: today’s plus what was missing, rounded up to R$ 100 (decision 102)', () => {
    // Available 200.00, declined 450.50: 250.50 missing → 450.50 available → 500.00.
    expect(suggestedLimitCents({ availableLimit: 200, declinedValue: 450.5 })).toBe(50_000);
    expect(suggestedLimitCents({ availableLimit: 0, declinedValue: 100 })).toBe(10_000);
    expect(suggestedLimitCents({ availableLimit: 500, declinedValue: 500 })).toBeNull();
    expect(suggestedLimitParam(130_000)).toBe('1300.00');
  });

  it('reads a suggestion back only when it is a positive amount the field can hold', () => {
    expect(parseSuggestedLimit('1300.00')).toBe(130_000);
    expect(parseSuggestedLimit('1300')).toBe(130_000);
    for (const bad of [null, '', '0.00', '-5', '1e5', '12.5', '1.300,00', 'abc', '1234567890.00', ' 100'])
      expect(parseSuggestedLimit(bad)).toBeNull();
  });
});
