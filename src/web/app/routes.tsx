// The route table of spec section 2. The login screen, where most visits land, is part of the first load; every
// other screen is its own chunk, fetched on first use or, for the page being opened, as soon as the app boots
// (preloadRoutes), so the nested /home chunks do not wait for one another.
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { Permission } from '../../contracts/profiles.ts';
import LoginRoute from '../features/auth/routes/login.tsx';
import { onDemand } from '../lib/on-demand.ts';
import { Spinner } from '../ui/spinner.tsx';
import { Fallback, RequireAuth, RequireCompany, RequirePendingFactor, RequirePermission } from './guards.tsx';
import { paths } from './paths.ts';

type Load = () => Promise<{ default: ComponentType }>;

/** Mantine's full style sheet: the first paint carries only its own share (initial-styles.ts). */
const loadFullStyles = () => import('./full-styles.ts');

const preloads = new Map<RouteObject, () => unknown>();

interface LazyOptions {
  /** The guards and the Suspense boundary around the screen. */
  wrap?: (node: ReactNode) => ReactNode;
  /** False for the screens the first paint's styles already cover (the shell and the cards list). */
  fullStyles?: boolean;
}

/** A route whose screen loads on demand; the loader runs once, whether React or preloadRoutes asks first. */
function lazyRoute(
  load: Load,
  route: Omit<RouteObject, 'element'> = {},
  { wrap = (n) => n, fullStyles = true }: LazyOptions = {},
): RouteObject {
  let loading: ReturnType<Load> | undefined;
  const once = () => {
    loading ??= onDemand(() =>
      fullStyles ? Promise.all([loadFullStyles(), load()]).then(([, screen]) => screen) : load(),
    );
    return loading;
  };
  const Screen = lazy(once);
  const object = { ...route, element: wrap(<Screen />) } as RouteObject;
  preloads.set(object, once);
  return object;
}

const suspended = (node: ReactNode) => <Suspense fallback={<Spinner size="lg" />}>{node}</Suspense>;

/** Issue 16: a screen only some profiles may open. */
const needs = (permission: Permission) => ({
  wrap: (node: ReactNode) => <RequirePermission permission={permission}>{node}</RequirePermission>,
});

const holder = () => import('../features/card-details/routes/holder.tsx');

/** The card screens below /home/details (spec route table), and below /home/details/{uuid}. */
const cardScreens = (): RouteObject[] => [
  lazyRoute(holder, { index: true }),
  lazyRoute(() => import('../features/card-details/routes/block.tsx'), { path: 'block' }),
  lazyRoute(() => import('../features/card-details/routes/second-copy.tsx'), { path: 'request2nd' }),
  lazyRoute(() => import('../features/card-details/routes/unlock.tsx'), { path: 'unlock' }),
  lazyRoute(() => import('../features/card-details/routes/cancel.tsx'), { path: 'cancel' }),
  lazyRoute(() => import('../features/card-details/routes/limit.tsx'), { path: 'limit' }),
  lazyRoute(() => import('../features/card-details/routes/history.tsx'), { path: 'history' }),
  lazyRoute(() => import('../features/spending/routes/controls.tsx'), { path: 'controls' }),
  lazyRoute(() => import('../features/spending/routes/virtual-cards.tsx'), { path: 'virtual' }),
  // Any other /home/details sub-path is the holder editor (spec route table).
  lazyRoute(holder, { path: '*' }),
];

export const routes: RouteObject[] = [
  { path: paths.login, element: <LoginRoute /> },
  lazyRoute(
    () => import('../features/auth/routes/forgot-password.tsx'),
    { path: paths.forgotPassword },
    { wrap: suspended },
  ),
  lazyRoute(() => import('../features/auth/routes/first-access.tsx'), { path: paths.firstAccess }, { wrap: suspended }),
  lazyRoute(
    () => import('../features/second-factor/routes/second-factor-sign-in.tsx'),
    { path: paths.secondFactor },
    { wrap: (node) => <RequirePendingFactor>{suspended(node)}</RequirePendingFactor> },
  ),
  lazyRoute(
    () => import('../features/company/routes/choose-company.tsx'),
    { path: paths.chooseCompany },
    { wrap: (node) => <RequireAuth>{suspended(node)}</RequireAuth> },
  ),
  lazyRoute(
    () => import('./shell/shell-layout.tsx'),
    {
      path: paths.home,
      children: [
        lazyRoute(() => import('./home.tsx'), { index: true }, { fullStyles: false }),
        lazyRoute(() => import('../features/card-details/routes/details-layout.tsx'), {
          path: 'details',
          children: [
            ...cardScreens(),
            // The same screens with the card's id in the address (issue 27): /home/details/{uuid}/block.
            lazyRoute(() => import('../features/card-details/routes/card-address.tsx'), {
              path: ':cardId',
              children: cardScreens(),
            }),
          ],
        }),
        lazyRoute(() => import('../features/invoices/routes/invoices.tsx'), { path: 'invoices' }),
        lazyRoute(
          () => import('../features/request-card/routes/request-card.tsx'),
          { path: 'requestcard' },
          needs('cards.write'),
        ),
        lazyRoute(() => import('../features/bulk/routes/bulk.tsx'), { path: 'bulk' }, needs('cards.write')),
        lazyRoute(
          () => import('../features/users/routes/create-user.tsx'),
          { path: 'user/management' },
          needs('users.manage'),
        ),
        lazyRoute(
          () => import('../features/users/routes/manage-users.tsx'),
          { path: 'user/management/manage' },
          needs('users.manage'),
        ),
        // /home/user/management is a prefix (spec route table): a path below it that is neither screen stays in
        // Gestão de Usuários and says so, rather than falling to /home.
        lazyRoute(
          () => import('../features/users/routes/unknown-user-page.tsx'),
          { path: 'user/management/*' },
          needs('users.manage'),
        ),
        lazyRoute(() => import('../features/company-management/routes/company-management.tsx'), {
          path: 'company/management',
        }),
        lazyRoute(
          () => import('../features/spending/routes/company-controls.tsx'),
          { path: 'company/management/controls' },
          needs('cards.write'),
        ),
        lazyRoute(() => import('../features/account/routes/change-password.tsx'), { path: 'account/password' }),
        lazyRoute(() => import('../features/second-factor/routes/second-factor-settings.tsx'), {
          path: 'account/second_factor',
        }),
        lazyRoute(() => import('../features/radar/routes/radar-list.tsx'), { path: 'radar/:category' }),
        lazyRoute(() => import('../features/audit/routes/audit.tsx'), { path: 'audit' }, needs('audit.read')),
        lazyRoute(() => import('../features/spend/routes/spend.tsx'), { path: 'transactions' }),
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
    {
      fullStyles: false,
      wrap: (node) => (
        <RequireAuth>
          <RequireCompany>{suspended(node)}</RequireCompany>
        </RequireAuth>
      ),
    },
  ),
  { path: '*', element: <Fallback /> },
];

/**
 * Starts loading every chunk the screens of `pathname` need, in parallel. Called at boot: otherwise /home would
 * fetch the shell, render it, and only then discover and fetch the cards list.
 */
export function preloadRoutes(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) void preloads.get(route)?.();
}
