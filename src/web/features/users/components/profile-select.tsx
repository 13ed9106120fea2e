import { NativeSelect } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { PROFILE_LABELS, PROFILES } from '../../../../contracts/profiles.ts';

const t = messages.profiles.ui;
const OPTIONS = PROFILES.map((value) => ({ value, label: PROFILE_LABELS[value] }));

interface ProfileSelectProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** Why the profile cannot change here (the operator's own row), shown under the disabled field. */
  lockedReason?: string;
}

/** Issue 16: the user's profile in the company, one of three; a user listed without one offers 'Sem perfil'. */
export function ProfileSelect({ value, onChange, lockedReason }: ProfileSelectProps) {
  return (
    <NativeSelect
      label={t.profile}
      data={value === '' ? [{ value: '', label: t.noProfile }, ...OPTIONS] : OPTIONS}
      value={value}
      onChange={onChange}
      disabled={Boolean(lockedReason)}
      description={lockedReason}
      // Readable on the table row's hover background as well (axe: 4.5:1).
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      withAsterisk
    />
  );
}
