// The menus of the shell (spec section 2): each item has a title, a link, an active and a disabled flag;
// the active item follows the path.
import { messages } from '../../../contracts/index.ts';
import type { Permission } from '../../../contracts/profiles.ts';
import { isUnder, paths } from '../paths.ts';

export interface MenuItem {
  title: string;
  link: string;
  active: boolean;
  disabled: boolean;
  children?: MenuItem[];
}

const m = messages.menu;

const CARD_SUB_PATHS = [
  { title: m.block, link: paths.detailsBlock },
  { title: m.secondCopy, link: paths.detailsSecondCopy },
  { title: m.unlock, link: paths.detailsUnlock },
  { title: m.limit, link: paths.detailsLimit },
  { title: m.history, link: paths.detailsHistory },
  { title: m.cancel, link: paths.detailsCancel },
  // Not in the spec's menu (issue 30): after its items, so their order stays the spec's.
  { title: m.controls, link: paths.detailsControls },
  { title: m.virtualCards, link: paths.detailsVirtual },
];

/** Dados do portador, then the other card screens; any other /home/details sub-path is the holder editor. */
export function cardMenu(pathname: string, cardSelected: boolean): MenuItem[] {
  const other = CARD_SUB_PATHS.find((item) => isUnder(pathname, item.link));
  const holderActive = isUnder(pathname, paths.details) && !other;
  return [
    { title: m.holderData, link: paths.details, active: holderActive, disabled: !cardSelected },
    ...CARD_SUB_PATHS.map((item) => ({
      ...item,
      active: isUnder(pathname, item.link),
      disabled: !cardSelected,
    })),
  ];
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
    { title: messages.bulk.menu, link: paths.bulk, active: isUnder(pathname, paths.bulk), disabled: false },
    { title: messages.audit.title, link: paths.audit, active: isUnder(pathname, paths.audit), disabled: false },
  ];
  return items.filter(permitted);
}

/** The horizontal tab menu of the current area, or none. */
export function tabMenu(pathname: string, cardSelected: boolean): { label: string; items: MenuItem[] } | null {
  if (isUnder(pathname, paths.details)) return { label: m.cardTabs, items: cardMenu(pathname, cardSelected) };
  if (isUnder(pathname, paths.userManagement)) return { label: m.userTabs, items: userMenu(pathname) };
  return null;
}
