import { Anchor, Box, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '../../../contracts/index.ts';
import { can, PROFILE_LABELS } from '../../../contracts/profiles.ts';
import { useProfile } from '../../lib/profiles/index.ts';
import { useAppStore } from '../../lib/store/index.ts';
import { IconBuilding, IconKey, IconLogout, IconShieldLock } from '../../ui/index.ts';
import { isUnder, paths } from '../paths.ts';
import { cardMenu, mainMenu } from './menu.ts';
import { MenuNav } from './menu-nav.tsx';
import { useSignOut } from './use-sign-out.ts';

/** Company, operator and menus; the drawer shows the same content below 992 px. */
/** The operator's own account, reached from beside their name. */
const ownAccountLinks = [
  { to: paths.changePassword, Icon: IconKey, label: messages.passwordChange.title },
  { to: paths.secondFactorSettings, Icon: IconShieldLock, label: messages.secondFactor.ui.settingsTitle },
];

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const company = useAppStore((s) => s.company);
  const operator = useAppStore((s) => s.authenticate.user?.usuario);
  const cardSelected = useAppStore((s) => Boolean(s.relationship.currentCard));
  const cardId = useAppStore((s) => s.relationship.currentAccount?.uuid ?? null);
  const profile = useProfile();

  return (
    <Stack gap="md">
      <Box>
        <Text fz="xs" c="gray.7" fw={600} tt="uppercase">
          {messages.shell.currentCompany}
        </Text>
        {/* The company's own screen (Gestão da Empresa) opens from its name; the spec's menu has no item for it. */}
        <Anchor
          component={Link}
          to={paths.companyManagement}
          onClick={onNavigate}
          fw={600}
          lh={1.3}
          underline="hover"
          display="block"
          aria-current={pathname === paths.companyManagement ? 'page' : undefined}
        >
          {company?.name}
        </Anchor>
        <Button
          onClick={() => {
            onNavigate?.();
            navigate(paths.chooseCompany);
          }}
          variant="light"
          size="xs"
          mt="xs"
          leftSection={<IconBuilding size={16} aria-hidden />}
        >
          {messages.shell.changeCompany}
        </Button>
      </Box>
      <Box>
        <Text fz="xs" c="gray.7" fw={600} tt="uppercase">
          {messages.shell.operator}
        </Text>
        <Text fw={500}>{operator}</Text>
        {/* Issue 16: the profile in this company, which is why some items and actions are missing. */}
        {profile ? (
          <Text fz="sm" c="gray.7">
            {messages.profiles.ui.profile}: {PROFILE_LABELS[profile]}
          </Text>
        ) : null}
        <Group gap="xs" mt="xs">
          {/* The operator's own password (decision 074) and second factor (decision 091): next to their name, as
              'Mudar empresa' is to the company. */}
          {ownAccountLinks.map(({ to, Icon, label }) => (
            <Button
              key={to}
              component={Link}
              to={to}
              onClick={onNavigate}
              variant="light"
              size="xs"
              leftSection={<Icon size={16} aria-hidden />}
              aria-current={pathname === to ? 'page' : undefined}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Box>
      <Divider />
      <MenuNav
        items={mainMenu(pathname, (permission) => can(profile, permission))}
        label={messages.menu.navigation}
        onNavigate={onNavigate}
      />
      {/* On a card's own screens the tab menu is the card's one navigation (issue 27); elsewhere it is here. */}
      {cardSelected && !isUnder(pathname, paths.details) ? (
        <>
          <Divider />
          <MenuNav
            items={cardMenu(pathname, cardSelected, cardId)}
            label={messages.menu.cardMenu}
            onNavigate={onNavigate}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** 'Sair', kept out of the scrolling part so it is always in view. */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button
      variant="subtle"
      color="red"
      fullWidth
      justify="flex-start"
      leftSection={<IconLogout size={18} aria-hidden />}
      onClick={signOut}
    >
      {messages.shell.signOut}
    </Button>
  );
}
