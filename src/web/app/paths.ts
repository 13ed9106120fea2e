// Every route path of the portal, in one module (spec section 2, route table).
import { pageTitles } from '../../contracts/page-titles.ts';

export const paths = {
  login: '/',
  forgotPassword: '/forgot_password',
  /** Not in the spec's table: where a first-access login is sent to set its password (decision 012). */
  firstAccess: '/first_access',
  /** Not in the spec's table: the second factor after the password, its code or its enrolment (decision 091). */
  secondFactor: '/second_factor',
  chooseCompany: '/choose/company',
  home: '/home',
  details: '/home/details',
  detailsBlock: '/home/details/block',
  detailsSecondCopy: '/home/details/request2nd',
  detailsUnlock: '/home/details/unlock',
  detailsCancel: '/home/details/cancel',
  detailsLimit: '/home/details/limit',
  detailsHistory: '/home/details/history',
  /** Not in the spec: the card's spending controls (issue 30). */
  detailsControls: '/home/details/controls',
  /** Not in the spec: the holder's virtual cards (issue 30). */
  detailsVirtual: '/home/details/virtual',
  invoices: '/home/invoices',
  requestCard: '/home/requestcard',
  /** Not in the spec's table: bulk changes from a CSV, with a dry run (decision 085). */
  bulk: '/home/bulk',
  userManagement: '/home/user/management',
  manageUsers: '/home/user/management/manage',
  companyManagement: '/home/company/management',
  /** Not in the spec: the company's default spending controls (issue 30), below Gestão da Empresa. */
  companyControls: '/home/company/management/controls',
  /** Not in the spec's table: the signed-in operator's own password change, opened from the sidebar (decision 074). */
  changePassword: '/home/account/password',
  /** Not in the spec's table: the operator's own second factor, opened from the sidebar (decision 091). */
  secondFactorSettings: '/home/account/second_factor',
  /** Not in the spec's table: a list of the lifecycle radar, /home/radar/:category (decision 083). */
  radar: '/home/radar',
  /** Not in the spec's table: the audit trail, Administrador only (decision 089). */
  audit: '/home/audit',
  /** Not in the spec's table: every card's authorizations, filtered and totalled (decision 118). */
  spend: '/home/transactions',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The card screens below /home/details, by the last segment of their spec path; '' is the holder editor. */
export const CARD_SCREENS = [
  '',
  'block',
  'request2nd',
  'unlock',
  'limit',
  'history',
  'cancel',
  // Not in the spec (issue 30).
  'controls',
  'virtual',
] as const;
export type CardScreen = (typeof CARD_SCREENS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCardId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/**
 * A card screen's own address (issue 27): the spec's path with the card's public id (its account's uuid) after
 * /home/details, `/home/details/{uuid}/block`, so a reload, a new tab or a shared link open the same card.
 */
export const detailsOf = (cardId: string, screen: CardScreen = '') =>
  `${paths.details}/${cardId}${screen ? `/${screen}` : ''}`;

/** The card id and the screen a /home/details path names: `/home/details/block` has no id, `/…/{uuid}/block` has. */
export function cardPathOf(pathname: string): { cardId: string | null; screen: CardScreen } {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(3);
  const cardId = isCardId(segments[0]) ? segments[0] : null;
  const rest = cardId ? segments.slice(1) : segments;
  // A screen's own path is exact: any other sub-path is the holder editor (spec route table).
  const named = rest.length === 1 && (CARD_SCREENS as readonly string[]).includes(rest[0] as string);
  return { cardId, screen: named ? (rest[0] as CardScreen) : '' };
}

/** True when `pathname` is `base` or below it. */
export function isUnder(pathname: string, base: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return clean === base || clean.startsWith(`${base}/`);
}

/** The title the top bar shows for a path under /home (route table titles): the browser tab's, said once. */
export function routeTitle(pathname: string): string {
  if (isUnder(pathname, paths.invoices)) return pageTitles.invoices;
  if (isUnder(pathname, paths.requestCard)) return pageTitles.requestCard;
  if (isUnder(pathname, paths.bulk)) return pageTitles.bulk;
  if (isUnder(pathname, paths.userManagement)) return pageTitles.userManagement;
  if (isUnder(pathname, paths.companyManagement)) return pageTitles.companyManagement;
  if (isUnder(pathname, paths.changePassword)) return pageTitles.changePassword;
  if (isUnder(pathname, paths.secondFactorSettings)) return pageTitles.secondFactor;
  if (isUnder(pathname, paths.audit)) return pageTitles.audit;
  if (isUnder(pathname, paths.spend)) return pageTitles.spend;
  return pageTitles.cards;
}

/** The origin a protected route remembers in the router location state. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function originOf(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname?.startsWith('/') || from.pathname.startsWith('//')) return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
