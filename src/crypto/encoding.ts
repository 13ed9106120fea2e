// Byte helpers that behave the same in the browser and in Node (no Buffer).

const HEX_DIGITS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const HEX_TEXT = /^[0-9a-fA-F]*$/;
/** The value of one hex digit already checked by HEX_TEXT ('0'-'9', then 'a'-'f' in either case). */
const nibble = (code: number) => (code <= 57 ? code - 48 : (code | 32) - 87);

export function toHex(bytes: Uint8Array): string {
  // Joining table entries instead of formatting each byte: envelopes are hex, and this runs on every call.
  const parts = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) parts[i] = HEX_DIGITS[bytes[i] as number] as string;
  return parts.join('');
}

/** Parses strict lower- or upper-case hex of even length; anything else is refused. */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !HEX_TEXT.test(hex)) throw new CryptoError('malformed hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++)
    out[i] = (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1));
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new CryptoError('malformed base64');
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const encoder = new TextEncoder();
// Without the stream option every decode() starts afresh, so one fatal decoder serves every call.
const decoder = new TextDecoder('utf-8', { fatal: true });

export const utf8 = {
  encode: (s: string) => encoder.encode(s),
  decode: (b: Uint8Array) => decoder.decode(b),
};

/** Every failure of the envelope protocol: callers map it to one refusal, never to the reason. */
export class CryptoError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CryptoError';
  }
}
