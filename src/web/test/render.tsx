// Renders the real route table in a memory router with the app's providers (transitions off).
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes.tsx';
import { installSessionHandlers } from '../app/session.ts';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { StepUpHost } from '../features/second-factor/components/step-up-host.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { StartupAlert } from '../ui/startup-alert.tsx';

export function renderApp(initialPath = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  installSessionHandlers(router, queryClient);
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <StartupAlert />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <StepUpHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
