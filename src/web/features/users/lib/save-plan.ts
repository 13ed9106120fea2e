// What a save of the edit form sends (spec section 4, portal user status): the status first, then the fields
// only when one of them changed.
import type { PortalUser, UpdateUserBody, UserStatus } from '../../../../contracts/index.ts';
import { PROFILES as PROFILE_NAMES } from '../../../../contracts/profiles.ts';

export interface EditValues {
  nomeUsuario: string;
  email: string;
  ddi: number;
  ddd: number;
  numeroCelular: number;
  status: UserStatus;
  /** Issue 16: the chosen profile ('' when the user has none and none was chosen). */
  profile: string;
}

export interface SavePlan {
  /** The new status, when it changed: sent first. */
  status?: UserStatus;
  /** The update-user payload, when a field changed. */
  fields?: UpdateUserBody;
}

/** The profile list the portal sends holds one empty entry (spec section 6): it names no profile, so keeps it. */
export const PROFILES = [''];

/** The user's profile as the list carries it (issue 16): the first entry that names one, or ''. */
export const profileOfUser = (user: Pick<PortalUser, 'perfis'>): string =>
  user.perfis.find((p) => (PROFILE_NAMES as readonly string[]).includes(p)) ?? '';

export function planSave(user: PortalUser, values: EditValues): SavePlan {
  const plan: SavePlan = {};
  if (values.status !== user.status) plan.status = values.status;
  const changed =
    values.nomeUsuario !== user.nomeUsuario ||
    values.email !== user.email ||
    values.ddi !== user.ddi ||
    values.ddd !== user.ddd ||
    values.numeroCelular !== user.numCelular;
  // A profile applies in every company of the user (issue 16): it is named only when it changed, so a save of the
  // other fields never aligns the user's profiles elsewhere.
  const newProfile = values.profile !== '' && values.profile !== profileOfUser(user);
  if (changed || newProfile) {
    plan.fields = {
      ddd: values.ddd,
      ddi: values.ddi,
      email: values.email,
      nomeUsuario: values.nomeUsuario,
      numeroCelular: values.numeroCelular,
      listaPerfis: newProfile ? [values.profile] : PROFILES,
    };
  }
  return plan;
}
