// Profiles ("perfis", issue 16): what each one may do. Each endpoint's policy (contract.ts, policy.ts) names the
// permission it needs; the provider judges it in the company at hand (403 PROFILE_FORBIDDEN, nothing changed), the web
// hides or disables what the profile cannot do. No zod here: the menu reads it with the first screen.

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
  | 'audit.read'
  /** Holders' CPFs and addresses in full; without it every answer and file masks them (decisions 090, 093). */
  | 'personal.read';

export const PROFILE_PERMISSIONS: Record<Profile, readonly Permission[]> = {
  ADMINISTRADOR: ['cards.read', 'cards.write', 'users.manage', 'audit.read', 'personal.read'],
  GESTOR_CARTOES: ['cards.read', 'cards.write', 'personal.read'],
  CONSULTA: ['cards.read'],
};

export const can = (profile: Profile | null | undefined, permission: Permission): boolean =>
  profile ? PROFILE_PERMISSIONS[profile].includes(permission) : false;

/** The profiles that may make a call needing `permission` (every profile when it needs none). */
export const profilesWith = (permission: Permission | null): Profile[] =>
  PROFILES.filter((p) => permission === null || can(p, permission));

/**
 * The profile a user form's `listaPerfis` names: its one entry that is a profile, or null when it names none (the
 * spec's portal sends one empty entry). Two different profiles are refused by the body's schema.
 */
export function profileOfList(list: readonly string[]): Profile | null {
  return (list.find((p) => (PROFILES as readonly string[]).includes(p)) as Profile | undefined) ?? null;
}
