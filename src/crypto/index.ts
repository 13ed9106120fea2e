export { CryptoError, fromBase64, fromHex, toBase64, toHex } from './encoding.ts';
export { deriveSessionKey, openJson, openText, type SessionSecrets, sealJson, sealText } from './envelope.ts';
export {
  importPrivateKey,
  importPublicKey,
  modulusBytes,
  openSealedBox,
  rsaEncrypt,
  type SealedBox,
  sealToPublicKey,
} from './hybrid.ts';
export { randomAlphanumeric, requestIdTime } from './random.ts';
