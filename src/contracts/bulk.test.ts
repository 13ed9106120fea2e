// Bulk changes (issue 18.2): the row rules (the calls' size against the BFF's limit: src/bff/bulk-body-limit.test.ts).
import { describe, expect, it } from 'vitest';
import { BULK_EXAMPLES, parseAmount, parseRow } from './bulk.ts';
import { messages } from './messages.ts';

const r = messages.bulk.reasons;

describe('bulk rows', () => {
  it('reads amounts as Brazilian spreadsheets write them', () => {
    expect(['1.500,00', '1500,5', '1500', '1.500', '1500.00', '1.50', 'R$ 2.000,10', '0,01'].map(parseAmount)).toEqual([
      1500, 1500.5, 1500, 1500, 1500, 1.5, 2000.1, 0.01,
    ]);
    expect(['1,500.00', 'mil', '', '1.5000', '-10'].map(parseAmount)).toEqual([null, null, null, null, null]);
  });

  it('accepts each template’s example row, and names the column of a problem without words of its own', () => {
    for (const kind of ['limits', 'blocks', 'cards'] as const) {
      expect(parseRow(kind, BULK_EXAMPLES[kind], 'REL-1').ok, kind).toBe(true);
    }
    expect(parseRow('limits', ['529.982.247-25', '12a4', '10,00'], 'REL-1')).toEqual({
      ok: false,
      reason: messages.fields.last4,
    });
    const card = [...BULK_EXAMPLES.cards];
    card[4] = 'X';
    expect(parseRow('cards', card, 'REL-1')).toEqual({ ok: false, reason: r.invalid('Sexo') });
    card[4] = 'F';
    card[6] = 'sem-arroba';
    expect(parseRow('cards', card, 'REL-1')).toEqual({ ok: false, reason: messages.proposal.invalidEmail });
    expect(parseRow('limits', ['', '1234', '10,00'], 'REL-1')).toEqual({ ok: false, reason: r.required('CPF') });
    expect(parseRow('limits', ['529.982.247-25', '1234', '0,00'], 'REL-1')).toEqual({
      ok: false,
      reason: r.invalid('Novo limite disponível'),
    });
  });
});
