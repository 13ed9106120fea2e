// Profiles ("perfis", issue 16): what each one may do, and what each endpoint needs. One table, next to the endpoint
// catalogue: the provider enforces it on every call (an operator without the permission in the company at hand gets
// 403 PROFILE_FORBIDDEN and nothing changes), the web hides or disables what the profile cannot do. No zod here: the
// menu reads it with the first screen.
import type { EndpointName } from './routes.ts';

export const PROFILES = ['ADMINISTRADOR', 'GESTOR_CARTOES', 'CONSULTA'] as const;
export type Profile = (typeof PROFILES)[number];

export const PROFILE_LABELS: Record<Profile, string> = {
  ADMINISTRADOR: 'Administrador',
  GESTOR_CARTOES: 'Gestor de cartões',
  CONSULTA: 'Consulta',
};

export type Permission =
  /** Read the company's cards, holders, limits, history, invoices, the radar, and export them. */
  | 'cards.read'
  /** Every card control, holder and address edits, limits, card requests, bulk changes. */
  | 'cards.write'
  /** The company's portal users and their profiles. */
  | 'users.manage'
  /** The audit trail. */
  | 'audit.read';

export const PROFILE_PERMISSIONS: Record<Profile, readonly Permission[]> = {
  ADMINISTRADOR: ['cards.read', 'cards.write', 'users.manage', 'audit.read'],
  GESTOR_CARTOES: ['cards.read', 'cards.write'],
  CONSULTA: ['cards.read'],
};

export const can = (profile: Profile | null | undefined, permission: Permission): boolean =>
  profile ? PROFILE_PERMISSIONS[profile].includes(permission) : false;

/**
 * What each endpoint needs in the company it acts on. `null`: the call names no company resource (sign-in, the
 * operator's own session and password, the list of the operator's companies, the CEP lookup), so any signed-in
 * operator (or anyone, for the public ones) may make it. Typed over every endpoint: a new one must say.
 */
export const ENDPOINT_PERMISSIONS: Record<EndpointName, Permission | null> = {
  login: null,
  recoverPassword: null,
  firstAccess: null,
  logout: null,
  session: null,
  changePassword: null,
  createCompany: 'users.manage',
  createUser: 'users.manage',
  listUsers: 'users.manage',
  updateUser: 'users.manage',
  updateUserStatus: 'users.manage',
  deleteUser: 'users.manage',
  companies: null,
  accounts: 'cards.read',
  corporateAccount: 'cards.read',
  relationshipLimit: 'cards.read',
  cardsByDocument: 'cards.read',
  cardsOfAccount: 'cards.read',
  holder: 'cards.read',
  blockCard: 'cards.write',
  blockAccount: 'cards.write',
  deactivateCard: 'cards.write',
  activateCard: 'cards.write',
  consultCard: 'cards.read',
  authorizationHistory: 'cards.read',
  readLimit: 'cards.read',
  changeLimit: 'cards.write',
  embossData: 'cards.read',
  secondCopy: 'cards.write',
  passwordReset: 'cards.write',
  holderUpdate: 'cards.write',
  addressUpdate: 'cards.write',
  invoiceDueDates: 'cards.read',
  invoiceTransactions: 'cards.read',
  corporateInvoice: 'cards.read',
  occurrence: 'cards.write',
  proposal: 'cards.write',
  cepLookup: null,
  cardImpact: 'cards.read',
  radar: 'cards.read',
  radarCards: 'cards.read',
  auditTrail: 'audit.read',
  revealCpf: 'cards.read',
  revealAddress: 'cards.read',
  exportTicket: 'cards.read',
  exportDownload: 'cards.read',
  bulkPreview: 'cards.write',
  bulkApply: 'cards.write',
  // Second factor (decision 091): the operator's own factor needs no company permission; the company's rule and
  // another user's reset are user administration.
  secondFactorStatus: null,
  secondFactorEnroll: null,
  secondFactorConfirm: null,
  secondFactorVerify: null,
  secondFactorDisable: null,
  secondFactorRecoveryCodes: null,
  stepUp: null,
  resetUserSecondFactor: 'users.manage',
  companySecurity: 'users.manage',
  updateCompanySecurity: 'users.manage',
};

/**
 * The profile a user form's `listaPerfis` names: its one entry that is a profile, or null when it names none (the
 * spec's portal sends one empty entry). Two different profiles are refused by the body's schema.
 */
export function profileOfList(list: readonly string[]): Profile | null {
  return (list.find((p) => (PROFILES as readonly string[]).includes(p)) as Profile | undefined) ?? null;
}
