// User management: the create and update forms' bodies and the users list (spec section 3).
import { z } from 'zod';
import { USER_STATUS } from './constants.ts';
import { digits, email, login, nameText } from './fields.ts';
import { messages } from './messages.ts';
import { PROFILES } from './profiles.ts';

/**
 * A stored DDI or DDD: what the create form may type (3 digits). The edit form types at most 2 (spec section 5), but
 * an update must be able to send back the stored value the operator did not touch (docs/decisions/046).
 */
export const phoneCode = z.number().int().min(0).max(999);

/**
 * Profiles (issue 16): the user forms carry the profile in the spec's `listaPerfis` — one of PROFILES. Entries that
 * name no profile (the spec's portal sends one empty entry) are ignored; two different profiles are refused.
 */
const listaPerfis = z
  .array(z.string().max(40))
  .max(10)
  .refine(
    (list) => new Set(list.filter((p) => (PROFILES as readonly string[]).includes(p))).size <= 1,
    messages.profiles.twoProfiles,
  );

export const createUserBody = z.object({
  login,
  numCelular: z.number().int().nonnegative().max(9_999_999_999),
  nomeUsuario: nameText(60),
  numeroDocumento: digits(11, 11),
  ddd: phoneCode,
  ddi: phoneCode,
  listaPerfis,
  email,
});

export const updateUserBody = z.object({
  ddd: phoneCode,
  ddi: phoneCode,
  email,
  nomeUsuario: nameText(60),
  numeroCelular: z.number().int().nonnegative().max(9_999_999_999),
  listaPerfis,
});

export const userStatusBody = z.object({ status: z.enum(USER_STATUS) });

/** A portal user (sub-user) as the user list answers it (spec section 3). */
export const portalUser = z.object({
  id: z.string(),
  login: z.string(),
  nomeUsuario: z.string(),
  email: z.string(),
  numeroDocumento: z.string(),
  ddi: z.number(),
  ddd: z.number(),
  numCelular: z.number(),
  status: z.enum(USER_STATUS),
  perfis: z.array(z.string()),
  /** Second factor (decision 091): enrolled and confirmed. */
  segundoFator: z.boolean(),
});

export const usersResponse = z.object({ usuarios: z.array(portalUser) });

export type PortalUser = z.infer<typeof portalUser>;

export type CreateUserBody = z.infer<typeof createUserBody>;

export type UpdateUserBody = z.infer<typeof updateUserBody>;
