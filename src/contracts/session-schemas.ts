// Signing in: the login, recovery, first access and password change bodies, and what the login and a reload answer.
import { z } from 'zod';
import { confirmationCode, login, newPassword, password } from './fields.ts';
import { PROFILES } from './profiles.ts';
import { secondFactorStep } from './second-factor.ts';

export const loginBody = z.object({ login: login.transform((v) => v.toLowerCase()), senha: password });

/** The three recovery steps share one endpoint; the fields present say which step it is. */
export const recoveryBody = z.union([
  z.object({ login, confirmacao: confirmationCode, novaSenha: newPassword, confirmarNovaSenha: password }),
  z.object({ login, confirmacao: confirmationCode }),
  z.object({ login }),
]);

/**
 * The recovery step a body means, by the fields present. Parsing with the union alone would take a bad step-2 body
 * (`{login, confirmacao: '12a'}`) for a good step 1, and refuse a body without a login with a bare "Entrada
 * inválida"; parsing with the step's own schema names the field. Once a step's schema accepts a body, the union reads
 * it as that same step.
 */
export function recoveryStepOf(body: unknown): z.ZodType {
  const [step3, step2, step1] = recoveryBody.options;
  const fields = typeof body === 'object' && body !== null ? body : {};
  if ('novaSenha' in fields || 'confirmarNovaSenha' in fields) return step3;
  if ('confirmacao' in fields) return step2;
  return step1;
}

export const firstAccessBody = z.object({ login, novaSenha: newPassword, confirmarNovaSenha: password });

/** Not in the spec (decision 074): the current password proves the operator, the new one follows the rule. */
export const changePasswordBody = z.object({
  senhaAtual: password,
  novaSenha: newPassword,
  confirmarNovaSenha: password,
});

// Responses the client reads (the field lists of spec section 3).
export const company = z.object({ corporateName: z.string(), cnpj: z.string(), relationCode: z.string() });

export const companiesResponse = z.object({ companies: z.array(company) });

export const loginResponse = z.object({
  usuario: z.string(),
  /** The operator's login: how the web knows its own row in the users list (a name is not unique, and can change). */
  login: z.string(),
  token: z.string(),
  primeiroAcesso: z.boolean(),
  /** Profiles (issue 16): each company with the operator's profile in it. */
  companies: z.array(company.extend({ perfil: z.enum(PROFILES) })),
  /** Second factor (decision 091): what the session still needs; while not NENHUM, companies is empty. */
  segundoFator: secondFactorStep,
});

/** The signed-in operator as a reload sees it again: the login answer without its token (decision 041). */
export const sessionResponse = loginResponse.pick({ usuario: true, login: true, companies: true, segundoFator: true });

export type SessionResponse = z.infer<typeof sessionResponse>;

export type LoginBody = z.infer<typeof loginBody>;

export type LoginResponse = z.infer<typeof loginResponse>;

export type Company = z.infer<typeof company>;
