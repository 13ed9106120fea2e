import './app/initial-styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appNavigator } from './app/navigator.tsx';
import { preloadRoutes } from './app/routes.tsx';
import { installSessionHandlers } from './app/session.ts';
import { firstPaint } from './lib/first-paint.ts';
import { createQueryClient } from './lib/query-client.ts';
import { waitForHydration } from './lib/store/index.ts';
import { startTransportOnce } from './lib/transport/index.ts';

// Boot: start the chunks of the page being opened, restore the persisted state (at most 5 s), then render. The key
// exchange (its failure shows the start-up alert) starts once the page has painted, so its round trips and RSA work
// stay off the first paint; a call made sooner starts it itself.
preloadRoutes(window.location.pathname);
void firstPaint.then(() =>
  startTransportOnce().catch((error: unknown) => console.warn('fidis: falha na inicialização do transporte', error)),
);

const queryClient = createQueryClient();
installSessionHandlers(appNavigator, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('elemento #root ausente em index.html');

void waitForHydration().then(() => {
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of holding the main
  // thread for the whole tree, so input typed while the page starts is not blocked.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});
