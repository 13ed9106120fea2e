// The route table of spec section 2. Every screen is its own chunk, so the login route loads only what it needs.
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '../ui/spinner.tsx';
import { Fallback, RequireAuth, RequireCompany } from './guards.tsx';
import { paths } from './paths.ts';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return <Screen />;
};

const suspended = (node: ReactNode) => <Suspense fallback={<Spinner size="lg" />}>{node}</Suspense>;

const login = () => import('../features/auth/routes/login.tsx');
const forgotPassword = () => import('../features/auth/routes/forgot-password.tsx');
const firstAccess = () => import('../features/auth/routes/first-access.tsx');
const chooseCompany = () => import('../features/company/routes/choose-company.tsx');
const shell = () => import('./shell/shell-layout.tsx');

export const routes: RouteObject[] = [
  { path: paths.login, element: suspended(page(login)) },
  { path: paths.forgotPassword, element: suspended(page(forgotPassword)) },
  { path: paths.firstAccess, element: suspended(page(firstAccess)) },
  { path: paths.chooseCompany, element: <RequireAuth>{suspended(page(chooseCompany))}</RequireAuth> },
  {
    path: paths.home,
    element: (
      <RequireAuth>
        <RequireCompany>{suspended(page(shell))}</RequireCompany>
      </RequireAuth>
    ),
    children: [
      { index: true, element: page(() => import('../features/cards/routes/cards-list.tsx')) },
      {
        path: 'details',
        element: page(() => import('../features/card-details/routes/details-layout.tsx')),
        children: [
          { index: true, element: page(() => import('../features/card-details/routes/holder.tsx')) },
          { path: 'block', element: page(() => import('../features/card-details/routes/block.tsx')) },
          { path: 'request2nd', element: page(() => import('../features/card-details/routes/second-copy.tsx')) },
          { path: 'unlock', element: page(() => import('../features/card-details/routes/unlock.tsx')) },
          { path: 'cancel', element: page(() => import('../features/card-details/routes/cancel.tsx')) },
          { path: 'limit', element: page(() => import('../features/card-details/routes/limit.tsx')) },
          { path: 'history', element: page(() => import('../features/card-details/routes/history.tsx')) },
          // Any other /home/details sub-path is the holder editor (spec route table).
          { path: '*', element: page(() => import('../features/card-details/routes/holder.tsx')) },
        ],
      },
      { path: 'invoices', element: page(() => import('../features/invoices/routes/invoices.tsx')) },
      { path: 'requestcard', element: page(() => import('../features/request-card/routes/request-card.tsx')) },
      { path: 'user/management', element: page(() => import('../features/users/routes/create-user.tsx')) },
      { path: 'user/management/manage', element: page(() => import('../features/users/routes/manage-users.tsx')) },
      {
        path: 'company/management',
        element: page(() => import('../features/company-management/routes/company-management.tsx')),
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
  { path: '*', element: <Fallback /> },
];
