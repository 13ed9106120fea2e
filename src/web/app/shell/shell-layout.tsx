import { Anchor, AppShell, Burger, Drawer, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { messages } from '../../../contracts/index.ts';
import { firstPaint } from '../../lib/first-paint.ts';
import { prefetchShared } from '../../lib/prefetch-shared.ts';
import { useAppStore } from '../../lib/store/index.ts';
import { FailureAlert } from '../../ui/failure-alert.tsx';
import { IconArrowLeft, Spinner } from '../../ui/index.ts';
import readAloud from '../../ui/read-aloud-only.module.css';
import { paths, routeTitle } from '../paths.ts';
import { SessionFailure } from './session-failure.tsx';
import classes from './shell-layout.module.css';
import { Sidebar, SignOutButton } from './sidebar.tsx';
import { TabMenu } from './tab-menu.tsx';

/** Where the skip link leads: the screen itself, past the header and the menus. */
const CONTENT_ID = 'conteudo';

/** The signed-in frame of /home/*: sidebar from 992 px, drawer below it, top bar, tab menu, the screen. */
export default function ShellLayout() {
  const { pathname } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const title = routeTitle(pathname);
  const company = useAppStore((s) => s.company);
  // The sidebar is drawn only where it shows (from 992 px, the theme's md): below it, hidden by CSS, it was still
  // built, with its menus, its scroll area and the profile's answer drawn again, on every opening of a screen on a
  // phone (issue 27). The drawer has the same content there.
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  useEffect(() => {
    void firstPaint.then(prefetchShared);
  }, []);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: true } }}
      padding="md"
    >
      {/* Hidden until focused; focus moves to the screen without changing the address (the router owns it). */}
      <a
        href={`#${CONTENT_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(CONTENT_ID)?.focus();
        }}
      >
        {messages.shell.skipToContent}
      </a>
      <AppShell.Header px="md">
        <Group h="100%" gap="md" wrap="nowrap">
          <Burger opened={opened} onClick={open} hiddenFrom="md" size="sm" aria-label={messages.menu.openMenu} />
          <Text fw={700} fz="lg" c="teal.9" visibleFrom="xs">
            fidis
          </Text>
          <Anchor
            component={Link}
            to={paths.home}
            fz="sm"
            display="inline-flex"
            style={{ alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={16} aria-hidden />
            {messages.menu.back}
          </Anchor>
          {/* The company under the title at every width (issue 27): below 992 px the sidebar that names it is a drawer. */}
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            {/* Whole at every width (issue 27: titles were cut): on a phone a long one takes a second line. */}
            <Title order={1} fz={{ base: 'md', sm: 'xl' }} lineClamp={2} lh={1.2}>
              {title}
            </Title>
            {company ? (
              <Text fz="xs" c="gray.7" truncate="end" data-testid="header-company" title={company.name}>
                {/* Below 576 px only the name shows (whole, not cut): the words before it are still read aloud. */}
                <span className={readAloud.belowSmall}>{messages.shell.currentCompany} </span>
                {company.name}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </AppShell.Header>

      {wide ? (
        <AppShell.Navbar p="md" component="aside" aria-label={messages.menu.sidebar} visibleFrom="md">
          <AppShell.Section grow component={ScrollArea}>
            <Sidebar />
          </AppShell.Section>
          <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <SignOutButton />
          </AppShell.Section>
        </AppShell.Navbar>
      ) : null}

      {/* Compound parts: a title and a close button, without a second <header> landmark. */}
      <Drawer.Root opened={opened} onClose={close} size="xs">
        <Drawer.Overlay />
        <Drawer.Content>
          <Group justify="space-between" p="md" pb={0}>
            <Drawer.Title fw={700}>fidis</Drawer.Title>
            <Drawer.CloseButton aria-label={messages.menu.closeMenu} />
          </Group>
          <Drawer.Body pt="md">
            <Stack gap="md">
              <Sidebar onNavigate={close} />
              <SignOutButton />
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>

      <AppShell.Main id={CONTENT_ID} tabIndex={-1} className={classes.main}>
        <TabMenu />
        <FailureAlert />
        <SessionFailure />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
