export { profileOf } from './profile.ts';
export { ReadOnlyUnless } from './read-only.tsx';
export { useCan, useProfile } from './use-can.ts';
