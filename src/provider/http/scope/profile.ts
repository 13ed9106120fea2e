// The profile judgement every scope makes once it has found the operator's link: a profile without the call's
// permission is 403 PROFILE_FORBIDDEN, naming the profile and what it may not do.
import { messages } from '../../../contracts/messages.ts';
import { can, type Permission, PROFILE_LABELS, PROFILES, type Profile } from '../../../contracts/profiles.ts';
import { fail } from '../../errors.ts';

const isProfile = (value: unknown): value is Profile => (PROFILES as readonly unknown[]).includes(value);

/** A profile as stored on a link: a value that names none reads as the least, Consulta. */
export const storedProfile = (value: unknown): Profile => (isProfile(value) ? value : 'CONSULTA');

export function refuseProfile(profile: Profile, permission: Permission): never {
  fail(
    'PROFILE_FORBIDDEN',
    messages.profiles.forbidden(PROFILE_LABELS[profile], messages.profiles.missing[permission]),
  );
}

/** Refuses a profile without `permission` (null: the call needs none). */
export function judgeProfile(profile: Profile, permission: Permission | null): void {
  if (permission !== null && !can(profile, permission)) refuseProfile(profile, permission);
}
