// The declarative router rather than createBrowserRouter: the screens use no loaders, actions or fetchers, and
// the data router would add some 16 KB gzip to the JavaScript every visit loads first. Tests render the same
// route table in a memory data router (src/web/test/render.tsx).
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { NavigatorBridge } from './navigator.tsx';
import { AppProvider } from './provider.tsx';
import { routes } from './routes.tsx';

function AppRoutes() {
  return useRoutes(routes);
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <NavigatorBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
