// Field-level rules shared by every schema: one rule, enforced by the forms and by the provider.
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { isLineText, isNameText } from './free-text.ts';
import { messages } from './messages.ts';
import { onlyDigits } from './text.ts';

const m = messages.fields;

export { onlyDigits };

export const cpf = z
  .string()
  .transform(onlyDigits)
  .refine((v) => v.length === 11 && isValidCpf(v), { message: m.invalidCpf });

export const cnpj = z.string().regex(/^\d{14}$/, m.invalidCnpj);
export const uuid = z.uuid();
export const last4 = z.string().regex(/^\d{4}$/, m.last4);
export const login = z.string().trim().min(1).max(60);
export const password = z.string().min(1).max(128);
/** A new password: PCI DSS 8.3.6 asks for at least 12 characters with letters and digits. */
export const newPassword = z
  .string()
  .min(12, m.passwordTooShort)
  .max(128)
  .regex(/[A-Za-z]/, m.passwordLettersAndDigits)
  .regex(/\d/, m.passwordLettersAndDigits);
export const email = z.email(m.invalidEmail).max(60);
export const confirmationCode = z.string().regex(/^\d{6}$/, m.invalidCode);
export const text = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** Free text by kind (free-text.ts, decision 128): a name, or a line; empty allowed where `text` allows it. */
export const nameText = (max: number) => requiredText(max).refine(isNameText, m.nameText);
export const lineText = (max: number) => text(max).refine((v) => v === '' || isLineText(v), m.lineText);
export const requiredLineText = (max: number) => requiredText(max).refine(isLineText, m.lineText);
export const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`));
