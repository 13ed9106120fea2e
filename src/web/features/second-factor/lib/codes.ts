// What the operator types into the code fields, tidied as they type: the app's 6 digits (spaces and dashes some
// apps show are dropped), or a recovery code in capitals with its dash (decision 091).
import { RECOVERY_CODE_PATTERN, TOTP } from '../../../../contracts/second-factor.ts';

export type CodeMode = 'totp' | 'recovery';

export const tidyTotp = (value: string) => value.replace(/\D/g, '').slice(0, TOTP.digits);

export function tidyRecovery(value: string): string {
  const compact = value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 10);
  return compact.length > 5 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

export const isTotp = (value: string) => value.length === TOTP.digits && /^\d+$/.test(value);
export const isRecoveryCode = (value: string) => RECOVERY_CODE_PATTERN.test(value);

/** The secret as the apps' "enter a key" screens show it: groups of 4, easier to type and to compare. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
