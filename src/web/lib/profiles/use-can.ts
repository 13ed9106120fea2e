import { can, type Permission, type Profile } from '../../../contracts/profiles.ts';
import { useAppStore } from '../store/index.ts';
import { profileOf } from './profile.ts';

/** The operator's profile in the chosen company; `undefined` until the session is known. */
export const useProfile = (): Profile | undefined => useAppStore(profileOf);

/** May the operator do this in the chosen company? False while the profile is not known yet. */
export const useCan = (permission: Permission): boolean => can(useProfile(), permission);
