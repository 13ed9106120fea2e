// Second factor and step-up (issue 16, decision 091): the contract entries of their endpoints (routes in routes.ts,
// the Second factor block), the code formats, and which calls ask the operator to confirm who they are again.
import { z } from 'zod';
import type { EndpointSpec } from './contract.ts';
import { cnpj } from './fields.ts';
import { policy } from './policy.ts';
import { secondFactorMessages as m } from './second-factor-messages.ts';

/** The header the BFF sets on every proxied call with the calling browser's device id; a client cannot name it. */
export const DEVICE_HEADER = 'x-fidis-device';

/** TOTP as RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps, ±1 step accepted. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30, window: 1, issuer: 'fidis' } as const;
/** Recovery codes: 10 per enrolment, each shown once, `XXXXX-XXXXX` in an alphabet without look-alikes. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/;
/** How long a sign-in or a confirmation vouches for the operator before a sensitive call asks again. */
export const STEP_UP_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Where a signed-in session stands after the password: NENHUM (no factor asked), VERIFICAR (a code is due before
 * anything else), CADASTRAR (the profile or the company requires a factor the user has not enrolled yet).
 */
export const SECOND_FACTOR_STEPS = ['NENHUM', 'VERIFICAR', 'CADASTRAR'] as const;
export const secondFactorStep = z.enum(SECOND_FACTOR_STEPS);
export type SecondFactorStep = z.infer<typeof secondFactorStep>;

/** A TOTP code typed by the operator: 6 digits (spaces the app shows between groups are taken out). */
export const totpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, m.invalidCode));

/** At sign-in and step-up, a TOTP code or one of the recovery codes (case and the dash are forgiven). */
export const factorCode = z
  .string()
  .max(20, m.invalidCode)
  .transform((v) => {
    const compact = v.replace(/[\s-]+/g, '').toUpperCase();
    return /^\d{6}$/.test(compact) ? compact : `${compact.slice(0, 5)}-${compact.slice(5)}`;
  })
  .pipe(z.string().refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), m.invalidCode));

export const secondFactorStatusResponse = z.object({
  /** Enrolled and confirmed. */
  cadastrado: z.boolean(),
  /** Required by one of the user's profiles (Administrador) or companies. */
  obrigatorio: z.boolean(),
  /** ISO instant of the confirmation, null when not enrolled. */
  cadastradoEm: z.string().nullable(),
  /** Recovery codes not used yet. */
  codigosRecuperacaoRestantes: z.number().int().min(0).max(RECOVERY_CODE_COUNT),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusResponse>;

/** A started enrolment: the secret in base32 (typed by hand) and the otpauth:// URI the QR code draws. */
export const secondFactorEnrollResponse = z.object({
  segredo: z.string().regex(/^[A-Z2-7]{32}$/),
  uri: z.string().startsWith('otpauth://totp/'),
});
export type SecondFactorEnrollment = z.infer<typeof secondFactorEnrollResponse>;

export const recoveryCodesResponse = z.object({
  codigosRecuperacao: z.array(z.string().regex(RECOVERY_CODE_PATTERN)).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

export const stepUpBody = z.union([z.object({ codigo: factorCode }), z.object({ senha: z.string().min(1).max(128) })]);

export const companySecurity = z.object({ exigirSegundoFator: z.boolean() });
export type CompanySecurity = z.infer<typeof companySecurity>;

const message = z.object({ message: z.string() });
const cnpjHeader = z.object({ cnpj });

/** Filled by contract.ts with the session answer: the schema lives beside the login's. */
export function secondFactorSpecs<S extends z.ZodType>(sessionAnswer: S) {
  return {
    secondFactorStatus: {
      policy: policy.own({ session: { pendingFactor: true } }),
      response: secondFactorStatusResponse,
    },
    secondFactorEnroll: {
      policy: policy.own({ session: { pendingFactor: true } }),
      response: secondFactorEnrollResponse,
      errors: ['SECOND_FACTOR_ALREADY_ENROLLED'],
    },
    secondFactorConfirm: {
      policy: policy.own({
        session: { pendingFactor: true },
        audits: { trail: 'audit_log', actions: ['second-factor.enrolled', 'second-factor.failure', 'login.success'] },
      }),
      body: z.object({ codigo: totpCode }),
      response: recoveryCodesResponse,
      errors: ['SECOND_FACTOR_INVALID', 'SECOND_FACTOR_NOT_STARTED', 'SECOND_FACTOR_ALREADY_ENROLLED'],
    },
    secondFactorVerify: {
      policy: policy.own({
        session: { pendingFactor: true },
        audits: { trail: 'audit_log', actions: ['login.success', 'step-up.success', 'second-factor.failure'] },
      }),
      body: z.object({ codigo: factorCode }),
      response: sessionAnswer,
      errors: ['SECOND_FACTOR_INVALID', 'SECOND_FACTOR_NOT_ENROLLED'],
    },
    secondFactorDisable: {
      policy: policy.own({ stepUp: 'when stale', audits: { trail: 'audit_log', actions: ['second-factor.disabled'] } }),
      response: message,
      errors: ['SECOND_FACTOR_NOT_ENROLLED', 'SECOND_FACTOR_MANDATORY', 'STEP_UP_REQUIRED'],
    },
    secondFactorRecoveryCodes: {
      policy: policy.own({
        stepUp: 'when stale',
        audits: { trail: 'audit_log', actions: ['second-factor.recovery-codes'] },
      }),
      response: recoveryCodesResponse,
      errors: ['SECOND_FACTOR_NOT_ENROLLED', 'STEP_UP_REQUIRED'],
    },
    stepUp: {
      policy: policy.own({ audits: { trail: 'audit_log', actions: ['step-up.success', 'step-up.failure'] } }),
      body: stepUpBody,
      status: 204,
      response: z.undefined(),
      errors: ['STEP_UP_FAILED'],
    },
    resetUserSecondFactor: {
      policy: policy.user('users.manage', {
        in: 'cnpj header',
        stepUp: 'when stale',
        audits: { trail: 'audit_log', actions: ['second-factor.reset'] },
      }),
      headers: cnpjHeader,
      params: z.object({ documentNumber: z.string() }),
      response: message,
      errors: ['USER_NOT_FOUND', 'SECOND_FACTOR_NOT_ENROLLED', 'STEP_UP_REQUIRED', 'COMPANY_NOT_FOUND'],
    },
    companySecurity: {
      policy: policy.company('cnpj header', 'users.manage'),
      headers: cnpjHeader,
      response: companySecurity,
      errors: ['COMPANY_NOT_FOUND'],
    },
    updateCompanySecurity: {
      policy: policy.company('cnpj header', 'users.manage', {
        stepUp: 'when stale',
        audits: { trail: 'audit_log', actions: ['company.security'] },
      }),
      headers: cnpjHeader,
      body: companySecurity,
      response: companySecurity,
      errors: ['COMPANY_NOT_FOUND', 'STEP_UP_REQUIRED'],
    },
  } as const satisfies Record<string, EndpointSpec>;
}
