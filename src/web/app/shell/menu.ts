// The menus of the shell (spec section 2): each item has a title, a link, an active and a disabled flag;
// the active item follows the path.
import { messages } from '../../../contracts/index.ts';
import type { Permission } from '../../../contracts/profiles.ts';
import { type CardScreen, cardPathOf, detailsOf, isUnder, paths } from '../paths.ts';

export interface MenuItem {
  title: string;
  link: string;
  active: boolean;
  disabled: boolean;
  children?: MenuItem[];
}

const m = messages.menu;

const CARD_ITEMS: readonly { title: string; screen: CardScreen }[] = [
  { title: m.holderData, screen: '' },
  { title: m.block, screen: 'block' },
  { title: m.secondCopy, screen: 'request2nd' },
  { title: m.unlock, screen: 'unlock' },
  { title: m.limit, screen: 'limit' },
  { title: m.history, screen: 'history' },
  { title: m.cancel, screen: 'cancel' },
  // Not in the spec's menu (issue 30): after its items, so their order stays the spec's.
  { title: m.controls, screen: 'controls' },
  { title: m.virtualCards, screen: 'virtual' },
];

/**
 * Dados do portador, then the other card screens; any other /home/details sub-path is the holder editor. With the
 * card's id the links are the screens' own addresses (issue 27), else the spec's paths.
 */
export function cardMenu(pathname: string, cardSelected: boolean, cardId: string | null = null): MenuItem[] {
  const current = isUnder(pathname, paths.details) ? cardPathOf(pathname).screen : null;
  return CARD_ITEMS.map(({ title, screen }) => ({
    title,
    link: cardId ? detailsOf(cardId, screen) : screen ? `${paths.details}/${screen}` : paths.details,
    active: current === screen,
    disabled: !cardSelected,
  }));
}

/** The create form and the list are exact routes (spec route table): another path below the area marks neither. */
export function userMenu(pathname: string): MenuItem[] {
  const clean = pathname.replace(/\/+$/, '');
  const manage = isUnder(pathname, paths.manageUsers);
  return [
    { title: m.createUser, link: paths.userManagement, active: clean === paths.userManagement, disabled: false },
    { title: m.manageUsers, link: paths.manageUsers, active: manage, disabled: false },
  ];
}

/** What each main item needs (issue 16); an item not listed is open to every profile. */
const MAIN_PERMISSIONS: Readonly<Record<string, Permission>> = {
  [paths.requestCard]: 'cards.write',
  [paths.bulk]: 'cards.write',
  [paths.userManagement]: 'users.manage',
  [paths.audit]: 'audit.read',
};

/** `allows`: the chosen company's profile (issue 16); without it every item shows. */
export function mainMenu(pathname: string, allows: (permission: Permission) => boolean = () => true): MenuItem[] {
  const clean = pathname.replace(/\/+$/, '');
  const permitted = (item: MenuItem) => {
    const needs = MAIN_PERMISSIONS[item.link];
    return !needs || allows(needs);
  };
  const items: MenuItem[] = [
    {
      title: m.companyCards,
      link: paths.home,
      active: clean === paths.home || isUnder(pathname, paths.details),
      disabled: false,
    },
    { title: m.invoices, link: paths.invoices, active: isUnder(pathname, paths.invoices), disabled: false },
    { title: m.requestCard, link: paths.requestCard, active: isUnder(pathname, paths.requestCard), disabled: false },
    {
      title: m.userManagement,
      link: paths.userManagement,
      active: isUnder(pathname, paths.userManagement),
      disabled: false,
      children: userMenu(pathname),
    },
    // Additions to the spec's four items come after them (spec section 2, the menu items).
    { title: messages.spend.menu, link: paths.spend, active: isUnder(pathname, paths.spend), disabled: false },
    { title: messages.bulk.menu, link: paths.bulk, active: isUnder(pathname, paths.bulk), disabled: false },
    { title: messages.audit.title, link: paths.audit, active: isUnder(pathname, paths.audit), disabled: false },
  ];
  return items.filter(permitted);
}

/** The horizontal tab menu of the current area, or none. */
export function tabMenu(
  pathname: string,
  cardSelected: boolean,
  cardId: string | null = null,
): { label: string; items: MenuItem[] } | null {
  if (isUnder(pathname, paths.details)) return { label: m.cardTabs, items: cardMenu(pathname, cardSelected, cardId) };
  if (isUnder(pathname, paths.userManagement)) return { label: m.userTabs, items: userMenu(pathname) };
  return null;
}
