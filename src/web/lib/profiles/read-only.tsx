import { Alert, Fieldset } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import type { Permission } from '../../../contracts/profiles.ts';
import { can } from '../../../contracts/profiles.ts';
import { IconLock } from '../../ui/icons.ts';
import { useProfile } from './use-can.ts';

interface ReadOnlyUnlessProps {
  permission: Permission;
  /** Why the controls are disabled, shown above them (read on hover, on focus and without either). */
  reason: string;
  children: ReactNode;
}

/**
 * Issue 16: a screen whose changes the profile may not make is shown read-only. Its controls sit in a disabled
 * fieldset (no click, no tab stop, nothing sent) described by a visible note that says why, so the reason needs
 * neither a hover nor a focus to be read. While the profile is not known yet (a reload, until the session is read
 * again) the controls are off without a note; the tree keeps one shape, so nothing typed is lost when it is known.
 */
export function ReadOnlyUnless({ permission, reason, children }: ReadOnlyUnlessProps) {
  const profile = useProfile();
  const noteId = useId();
  const denied = profile !== undefined && !can(profile, permission);
  return (
    <>
      {denied ? (
        <Alert id={noteId} color="blue" variant="light" icon={<IconLock aria-hidden />} role="note" mb="md">
          {reason}
        </Alert>
      ) : null}
      <Fieldset
        variant="unstyled"
        disabled={profile === undefined || denied}
        aria-describedby={denied ? noteId : undefined}
        p={0}
        m={0}
      >
        {children}
      </Fieldset>
    </>
  );
}
