import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StepUpHost } from '../features/second-factor/components/step-up-host.tsx';
import { StartupAlert } from '../ui/startup-alert.tsx';
import { AppNotifications } from './notifications.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppNotifications />
      <StartupAlert />
      <QueryClientProvider client={queryClient}>
        {children}
        {/* Any call answered STEP_UP_REQUIRED opens it, on every screen (decision 091). */}
        <StepUpHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
