// Reads a BR Code as a payer's app does (EMV QRCPS-MPM TLV fields) and checks it against the Banco Central's manual:
// shared by the Pix unit tests and the invoice route tests.
import { expect } from 'vitest';
import { crc16 } from '../services/pix.ts';

/**
 * Reads EMV TLV fields (two-digit id, two-digit length, value) and fails on a length that runs past the text, so
 * every declared length must equal its value's length for the walk to come out even.
 */
export function readTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) throw new Error(`bad field header at ${at}`);
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${id} declares ${length} but has ${value.length}`);
    if (fields.has(id)) throw new Error(`field ${id} twice`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

/** Checks a payload the way a payer's app reads it, and answers its fields. */
export function checkBrCode(code: string) {
  expect(code).toMatch(/^[\x20-\x7e]+$/);
  const fields = readTlv(code);
  expect([...fields.keys()][0]).toBe('00');
  expect([...fields.keys()].at(-1)).toBe('63');
  expect(fields.get('00')).toBe('01');
  const account = readTlv(fields.get('26')!);
  expect(account.get('00')).toBe('br.gov.bcb.pix');
  expect(account.get('01')!.length).toBeGreaterThan(0);
  expect(account.get('01')!.length).toBeLessThanOrEqual(77);
  expect(fields.get('26')!.length).toBeLessThanOrEqual(99);
  expect(fields.get('52')).toBe('0000');
  expect(fields.get('53')).toBe('986');
  if (fields.has('54')) {
    expect(fields.get('54')).toMatch(/^\d+\.\d{2}$/);
    expect(fields.get('54')!.length).toBeLessThanOrEqual(13);
  }
  expect(fields.get('58')).toBe('BR');
  expect(fields.get('59')!.length).toBeGreaterThan(0);
  expect(fields.get('59')!.length).toBeLessThanOrEqual(25);
  expect(fields.get('60')!.length).toBeGreaterThan(0);
  expect(fields.get('60')!.length).toBeLessThanOrEqual(15);
  const extra = readTlv(fields.get('62')!);
  expect(extra.get('05')).toMatch(/^([A-Za-z0-9]{1,25}|\*\*\*)$/);
  // The CRC covers every character before its own value, its id and length ('6304') included.
  expect(fields.get('63')).toMatch(/^[0-9A-F]{4}$/);
  expect(code.slice(-8, -4)).toBe('6304');
  expect(crc16(code.slice(0, -4))).toBe(fields.get('63'));
  return { fields, account, extra };
}
