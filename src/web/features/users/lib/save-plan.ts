// What a save of the edit form sends (spec section 4, portal user status): the status first, then the fields
// only when one of them changed.
import type { PortalUser, UpdateUserBody, UserStatus } from '../../../../contracts/index.ts';

export interface EditValues {
  nomeUsuario: string;
  email: string;
  ddi: number;
  ddd: number;
  numeroCelular: number;
  status: UserStatus;
}

export interface SavePlan {
  /** The new status, when it changed: sent first. */
  status?: UserStatus;
  /** The update-user payload, when a field changed. */
  fields?: UpdateUserBody;
}

/** The profile list the portal sends holds one empty entry (spec section 6). */
export const PROFILES = [''];

export function planSave(user: PortalUser, values: EditValues): SavePlan {
  const plan: SavePlan = {};
  if (values.status !== user.status) plan.status = values.status;
  const changed =
    values.nomeUsuario !== user.nomeUsuario ||
    values.email !== user.email ||
    values.ddi !== user.ddi ||
    values.ddd !== user.ddd ||
    values.numeroCelular !== user.numCelular;
  if (changed) {
    plan.fields = {
      ddd: values.ddd,
      ddi: values.ddi,
      email: values.email,
      nomeUsuario: values.nomeUsuario,
      numeroCelular: values.numeroCelular,
      listaPerfis: PROFILES,
    };
  }
  return plan;
}
