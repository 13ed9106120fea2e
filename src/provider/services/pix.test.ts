// The copia-e-cola against the published format: the Banco Central's "Manual de Padrões para Iniciação do Pix"
// (BR Code, EMV QRCPS-MPM): field ids, lengths, values, and the CRC16-CCITT over everything up to '6304'.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../platform/config.ts';
import { checkBrCode, readTlv } from '../test/br-code.ts';
import { asciiField, centsOf, crc16, DEMO_PIX_KEY, invoiceTxid, PIX_LIMITS, pixReceiver, staticPix } from './pix.ts';

describe('crc16', () => {
  it('is CRC-16/CCITT-FALSE: the catalogue check value of "123456789" is 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('writes four upper-case hex digits, zero-padded', () => {
    for (const text of ['a', 'pix', '0002010102']) expect(crc16(text)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('staticPix', () => {
  it('reproduces the Banco Central manual’s static BR Code byte for byte', () => {
    const code = staticPix({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
    checkBrCode(code);
  });

  it('reproduces, byte for byte, what pix-utils 2.8.2 writes for an amount and a txid', () => {
    // Generated once with pix-utils' createStaticPix (same key, name, city, 123456.78, txid) as a second witness.
    const code = staticPix({
      key: '3f6c2a9e-81d4-4b7a-9c05-e2d71b48f6a3',
      merchantName: 'FIDIS CARTOES',
      merchantCity: 'SAO PAULO',
      amountCents: 12_345_678,
      txid: 'FAT2026022200000042',
    });
    expect(code).toBe(
      '00020126580014br.gov.bcb.pix01363f6c2a9e-81d4-4b7a-9c05-e2d71b48f6a35204000053039865409123456.785802BR5913FIDIS CARTOES6009SAO PAULO62230519FAT20260222000000426304A312',
    );
    const { fields, account, extra } = checkBrCode(code);
    expect(account.get('01')).toBe('3f6c2a9e-81d4-4b7a-9c05-e2d71b48f6a3');
    expect(fields.get('54')).toBe('123456.78');
    expect(extra.get('05')).toBe('FAT2026022200000042');
  });

  it('writes the amount with a dot and two decimals, however many centavos', () => {
    const amount = (amountCents: number) =>
      readTlv(staticPix({ key: DEMO_PIX_KEY, merchantName: 'A', merchantCity: 'B', amountCents })).get('54');
    expect(amount(1)).toBe('0.01');
    expect(amount(50)).toBe('0.50');
    expect(amount(100)).toBe('1.00');
    expect(amount(123_456_789_012)).toBe('1234567890.12');
    expect(() => amount(0)).toThrow(RangeError);
    expect(() => amount(-100)).toThrow(RangeError);
    expect(() => amount(1.5)).toThrow(RangeError);
  });

  it('leaves the amount out when none is given, and the txid as *** (none)', () => {
    const { fields, extra } = checkBrCode(staticPix({ key: '12345678909', merchantName: 'A', merchantCity: 'B' }));
    expect(fields.has('54')).toBe(false);
    expect(extra.get('05')).toBe('***');
  });

  it('transliterates accented names and cities to ASCII and cuts them at 25 and 15 characters', () => {
    const { fields } = checkBrCode(
      staticPix({
        key: 'financeiro@empresa.com.br',
        merchantName: 'Cartões Conceição & Irmãos Ltda',
        merchantCity: 'São José dos Campos',
        amountCents: 9_990,
        txid: 'ABC123',
      }),
    );
    expect(fields.get('59')).toBe('Cartoes Conceicao & Irmao');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(asciiField('  Ação\tçÇ ñ ü  ', 25)).toBe('Acao cC n u');
    expect(asciiField('日本 Loja', 25)).toBe('Loja');
  });

  it('keeps every key kind within the merchant account template', () => {
    for (const key of ['12345678909', '11222333000181', '+5511912345678', 'a@b.co', DEMO_PIX_KEY, 'x'.repeat(77)]) {
      const { account } = checkBrCode(staticPix({ key, merchantName: 'N', merchantCity: 'C', amountCents: 1 }));
      expect(account.get('01')).toBe(key);
    }
    expect(() => staticPix({ key: 'x'.repeat(78), merchantName: 'N', merchantCity: 'C' })).toThrow(RangeError);
    expect(() => staticPix({ key: '', merchantName: 'N', merchantCity: 'C' })).toThrow(RangeError);
  });

  it('refuses a txid that is not 1 to 25 letters and digits, and a name or city that transliterates to nothing', () => {
    const base = { key: DEMO_PIX_KEY, merchantName: 'N', merchantCity: 'C' };
    expect(() => staticPix({ ...base, txid: 'FAT-1' })).toThrow(RangeError);
    expect(() => staticPix({ ...base, txid: 'A'.repeat(26) })).toThrow(RangeError);
    expect(() => staticPix({ ...base, txid: '' })).toThrow(RangeError);
    expect(staticPix({ ...base, txid: 'A'.repeat(25) })).toContain(`0525${'A'.repeat(25)}`);
    expect(() => staticPix({ ...base, merchantName: '日本' })).toThrow(RangeError);
    expect(() => staticPix({ ...base, merchantCity: ' ' })).toThrow(RangeError);
  });
});

describe('invoiceTxid and centsOf', () => {
  it('derives the same txid for the same invoice, within 25 letters and digits', () => {
    expect(invoiceTxid(42, '2026-02-22')).toBe('F2026022200000042');
    expect(invoiceTxid(42, '2026-02-22')).toBe(invoiceTxid(42, '2026-02-22'));
    expect(invoiceTxid(Number.MAX_SAFE_INTEGER, '2026-02-22')).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(PIX_LIMITS.txid).toBe(25);
  });

  it('reads reais as the database keeps them into centavos without float drift', () => {
    expect(centsOf('1234.56')).toBe(123_456);
    expect(centsOf('0.1')).toBe(10);
    expect(centsOf('7')).toBe(700);
    expect(centsOf('1.15')).toBe(115);
    expect(centsOf('-3.05')).toBe(-305);
    expect(() => centsOf('1,5')).toThrow(RangeError);
  });
});

describe('pixReceiver', () => {
  it('uses the fixed demo key in the demo and the configured one when set', () => {
    expect(pixReceiver(testConfig())).toEqual({
      key: DEMO_PIX_KEY,
      merchantName: 'FIDIS CARTOES',
      merchantCity: 'SAO PAULO',
    });
    expect(
      pixReceiver(
        testConfig({ PIX_KEY: '11222333000181', PIX_MERCHANT_NAME: 'Emissora', PIX_MERCHANT_CITY: 'Curitiba' }),
      ),
    ).toEqual({ key: '11222333000181', merchantName: 'Emissora', merchantCity: 'Curitiba' });
  });

  it('refuses, when built, a name or city with nothing left in ASCII', () => {
    const config = testConfig({ PIX_KEY: DEMO_PIX_KEY, PIX_MERCHANT_NAME: '日本', PIX_MERCHANT_CITY: 'Tóquio' });
    expect(() => pixReceiver(config)).toThrow(RangeError);
  });

  it('offers no Pix in production without a key', () => {
    const config = { ...testConfig(), FIDIS_MODE: 'production' as const };
    expect(pixReceiver(config)).toBeNull();
  });

  it('refuses at start-up a key that is no Pix key, a long name or city, and a key without name and city', () => {
    expect(() => testConfig({ PIX_KEY: 'not a key' })).toThrow(/PIX_KEY/);
    expect(() => testConfig({ PIX_KEY: '123', PIX_MERCHANT_NAME: 'N', PIX_MERCHANT_CITY: 'C' })).toThrow(/PIX_KEY/);
    expect(() =>
      testConfig({ PIX_KEY: DEMO_PIX_KEY, PIX_MERCHANT_NAME: 'N'.repeat(26), PIX_MERCHANT_CITY: 'C' }),
    ).toThrow(/PIX_MERCHANT_NAME/);
    expect(() =>
      testConfig({ PIX_KEY: DEMO_PIX_KEY, PIX_MERCHANT_NAME: 'N', PIX_MERCHANT_CITY: 'C'.repeat(16) }),
    ).toThrow(/PIX_MERCHANT_CITY/);
    expect(() => testConfig({ PIX_KEY: DEMO_PIX_KEY })).toThrow(/PIX_MERCHANT_NAME[\s\S]*PIX_MERCHANT_CITY/);
  });
});
