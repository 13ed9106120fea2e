// The portal users' endpoints (spec section 7, layer 2): sign-in, recovery, first access, the session, the
// operator's own password, and the administration of a company's users. One entry each, with its policy.
import { z } from 'zod';
import { USER_LIST_LIMIT } from './constants.ts';
import type { EndpointSpec } from './contract.ts';
import { PERSONAL_DATA_READ, policy, type StepUpCall } from './policy.ts';
import { profileOfList } from './profiles.ts';
import * as s from './schemas.ts';

const done = s.messageResponse;
const mensagem = z.object({ mensagemRetorno: z.string() });
const userAnswer = mensagem.extend({ usuario: s.portalUser });
/** A user's document in the path: anything that is not 11 digits is a user that cannot exist (404, not 400). */
const userDocument = z.object({ documentNumber: z.string() });
/** Portal users' own CPFs: only profiles with users.manage see them, all of which hold personal.read. */
const PORTAL_USER_CPF = { data: ['cpf'], to: 'masked for Consulta' } as const;

/** A user edit asks for one when it changes where the user's codes go, or what they may do (decision 091). */
const EMAIL_OR_PROFILE_CHANGE = {
  when: 'if the e-mail or a profile changes',
  applies: ({ body, target }: StepUpCall) => {
    const edit = body as { email?: string; listaPerfis?: readonly string[] };
    if (!target) return true;
    const named = profileOfList(edit.listaPerfis ?? []);
    return edit.email !== target.email || (named !== null && target.profiles.some((p) => p !== named));
  },
};

export const portalUserSpecs = {
  login: {
    policy: policy.public({
      audits: {
        trail: 'audit_log',
        actions: ['login.success', 'login.failure', 'login.locked', 'login.factor-pending'],
      },
    }),
    body: s.loginBody,
    response: s.loginResponse,
    browserResponse: s.loginResponse.omit({ token: true }),
    errors: ['LOGIN_FAILED', 'TEMPORARY_PASSWORD_EXPIRED'],
  },
  recoverPassword: {
    policy: policy.public({ audits: { trail: 'audit_log', actions: ['recovery.requested', 'recovery.used'] } }),
    body: s.recoveryBody,
    bodyOf: s.recoveryStepOf,
    response: done,
    errors: [
      'INVALID_CODE',
      'TOO_MANY_CODES',
      'CODE_MAIL_FAILED',
      'PASSWORDS_DIFFER',
      'RECOVERY_LOGIN_NOT_FOUND',
      'PASSWORD_CHANGE_FAILED',
    ],
  },
  firstAccess: {
    policy: policy.own({
      session: { temporaryPassword: true },
      audits: { trail: 'audit_log', actions: ['first-access'] },
    }),
    body: s.firstAccessBody,
    response: done,
    errors: [
      'PASSWORDS_DIFFER',
      'SAME_AS_TEMPORARY_PASSWORD',
      'NOT_TEMPORARY_PASSWORD',
      'FORBIDDEN',
      'RECOVERY_LOGIN_NOT_FOUND',
    ],
  },
  logout: {
    policy: policy.own({
      session: { temporaryPassword: true, pendingFactor: true },
      audits: { trail: 'audit_log', actions: ['logout'] },
    }),
    status: 204,
    response: z.undefined(),
  },
  session: { policy: policy.own({ session: { pendingFactor: true } }), response: s.sessionResponse },
  changePassword: {
    policy: policy.own({ audits: { trail: 'audit_log', actions: ['password.changed', 'password.change-failed'] } }),
    body: s.changePasswordBody,
    response: done,
    errors: [
      'FORBIDDEN',
      'PASSWORDS_DIFFER',
      'SAME_PASSWORD',
      'WRONG_CURRENT_PASSWORD',
      'PASSWORD_TRIES_EXHAUSTED',
      'PASSWORD_CHANGE_CONFLICT',
    ],
  },
  createCompany: {
    policy: { ...policy.own(), permission: 'users.manage', served: false },
    body: z.object({}).loose(),
    response: z.object({}).loose(),
  },
  createUser: {
    policy: policy.company('cnpj header', 'users.manage', {
      stepUp: 'when stale',
      reveals: PORTAL_USER_CPF,
      audits: { trail: 'audit_log', actions: ['user.create'] },
    }),
    headers: z.object({ cnpj: s.headerValues.cnpj }),
    body: s.createUserBody,
    status: 201,
    response: userAnswer,
    errors: ['COMPANY_NOT_FOUND', 'LOGIN_TAKEN', 'DOCUMENT_TAKEN', 'USER_MAIL_FAILED', 'FORBIDDEN'],
  },
  listUsers: {
    policy: policy.companies('users.manage', { reveals: PORTAL_USER_CPF, audits: PERSONAL_DATA_READ }),
    headers: z.object({ cnpj: s.headerValues.cnpj.optional() }),
    query: z.object({
      page: z.coerce.number().int().min(0).max(100_000).default(0),
      limit: z.coerce.number().int().min(1).max(USER_LIST_LIMIT).default(USER_LIST_LIMIT),
      direction: z.enum(['asc', 'desc']).default('asc'),
    }),
    response: s.usersResponse,
    errors: ['COMPANY_NOT_FOUND'],
  },
  updateUser: {
    policy: policy.user('users.manage', {
      stepUp: EMAIL_OR_PROFILE_CHANGE,
      reveals: PORTAL_USER_CPF,
      audits: { trail: 'audit_log', actions: ['user.update', 'user.email-changed'] },
    }),
    params: userDocument,
    body: s.updateUserBody,
    response: userAnswer,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  },
  updateUserStatus: {
    policy: policy.user('users.manage', {
      stepUp: 'when stale',
      reveals: PORTAL_USER_CPF,
      audits: { trail: 'audit_log', actions: ['user.deactivate', 'user.activate'] },
    }),
    params: userDocument,
    body: s.userStatusBody,
    response: userAnswer,
    errors: ['USER_NOT_FOUND', 'SELF_DEACTIVATE', 'FORBIDDEN'],
  },
  deleteUser: {
    policy: policy.user('users.manage', {
      stepUp: 'when stale',
      audits: { trail: 'audit_log', actions: ['user.delete'] },
    }),
    params: z.object({ numeroDocumento: z.string() }),
    response: mensagem,
    errors: ['USER_NOT_FOUND', 'USER_ACTIVE', 'SELF_DELETE', 'FORBIDDEN'],
  },
} as const satisfies Record<string, EndpointSpec>;
