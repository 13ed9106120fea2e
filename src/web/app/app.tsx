import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';

type Router = Parameters<typeof RouterProvider>[0]['router'];

export function App({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
