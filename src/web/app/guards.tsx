import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { can, type Permission } from '../../contracts/profiles.ts';
import { profileMessages } from '../../contracts/profiles-messages.ts';
import { useRestoreSession, useSessionReadFailure } from '../features/auth/index.ts';
import { useProfile } from '../lib/profiles/index.ts';
import { selectIsSignedIn, useAppStore } from '../lib/store/index.ts';
import { IconArrowLeft, IconLock } from '../ui/icons.ts';
import { Spinner } from '../ui/spinner.tsx';
import { paths } from './paths.ts';

/** Protected: without a signed-in user, go to / remembering where the operator was heading. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppStore(selectIsSignedIn);
  const location = useLocation();
  // After a reload: the operator's name and companies are read again (nothing personal was kept in storage).
  useRestoreSession();
  const pendingFactor = useAppStore((s) => s.pendingFactor);
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  // The provider refuses everything but the factor's steps until the code is in (decision 091): never the shell.
  if (pendingFactor) return <Navigate to={paths.secondFactor} replace state={{ from: location }} />;
  return children;
}

/**
 * The second factor's step: only for a session that waits for it. Signed out it is the login; a session that no
 * longer waits (the code went in from another tab) goes on to the company choice.
 */
export function RequirePendingFactor({ children }: { children: ReactNode }) {
  const signedIn = useAppStore(selectIsSignedIn);
  const pendingFactor = useAppStore((s) => s.pendingFactor);
  const location = useLocation();
  useRestoreSession();
  if (!signedIn) return <Navigate to={paths.login} replace />;
  if (!pendingFactor) return <Navigate to={paths.chooseCompany} replace state={location.state} />;
  return children;
}

/** The /home area works on a chosen company; without one, choose it first (the origin is kept). */
export function RequireCompany({ children }: { children: ReactNode }) {
  const hasCompany = useAppStore((s) => Boolean(s.company));
  const location = useLocation();
  if (!hasCompany) return <Navigate to={paths.chooseCompany} replace state={{ from: location }} />;
  return children;
}

/** Any path outside /home that is not listed: the login screen signed out, /home signed in. */
export function Fallback() {
  const signedIn = useAppStore(selectIsSignedIn);
  return <Navigate to={signedIn ? paths.home : paths.login} replace />;
}

/**
 * A screen the chosen company's profile may not open (issue 16), reached by a typed URL or an old link: a calm
 * message and the way back, not a crash and not a redirect that hides why. Waits while the profile is not known.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const profile = useProfile();
  const failed = useSessionReadFailure() !== null;
  // Not known because the session's read failed: the frame says so with "Tentar novamente" (SessionFailure).
  if (profile === undefined) return failed ? null : <Spinner />;
  if (can(profile, permission)) return children;
  const t = profileMessages.ui;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="forbidden-title">
      <Group gap="xs" wrap="nowrap" mb="xs">
        <IconLock size={20} aria-hidden color="var(--mantine-color-gray-7)" />
        <Title order={2} fz="lg" id="forbidden-title">
          {t.forbiddenTitle}
        </Title>
      </Group>
      <Text mb="md">{t.forbiddenPage}</Text>
      <Anchor component={Link} to={paths.home} fw={600} display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
        <IconArrowLeft size={16} aria-hidden />
        {t.forbiddenBack}
      </Anchor>
    </Paper>
  );
}
