// Field-level rules shared by every schema: one rule, enforced by the forms and by the provider.
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { onlyDigits } from './text.ts';

export { onlyDigits };

export const cpf = z
  .string()
  .transform(onlyDigits)
  .refine((v) => v.length === 11 && isValidCpf(v), { message: 'CPF inválido' });

export const cnpj = z.string().regex(/^\d{14}$/, 'CNPJ inválido');
export const uuid = z.uuid();
export const last4 = z.string().regex(/^\d{4}$/, 'Informe os 4 últimos dígitos do cartão');
export const login = z.string().trim().min(1).max(60);
export const password = z.string().min(1).max(128);
/** A new password: PCI DSS 8.3.6 asks for at least 12 characters with letters and digits. */
export const newPassword = z
  .string()
  .min(12, 'A senha deve ter pelo menos 12 caracteres.')
  .max(128)
  .regex(/[A-Za-z]/, 'A senha deve conter letras e números.')
  .regex(/\d/, 'A senha deve conter letras e números.');
export const email = z.email('Email inválido').max(60);
export const confirmationCode = z.string().regex(/^\d{6}$/, 'Código de confirmação inválido!');
export const text = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
export const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`));
