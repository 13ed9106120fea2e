import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/routes.tsx';
import { installSessionHandlers } from './app/session.ts';
import { createQueryClient } from './lib/query-client.ts';
import { waitForHydration } from './lib/store/index.ts';
import { startTransport } from './lib/transport/index.ts';

// Boot: start the key exchange at once (its failure shows the start-up alert), restore the persisted state
// (at most 5 s), then render.
startTransport().catch((error: unknown) => console.warn('fidis: falha na inicialização do transporte', error));

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
installSessionHandlers(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('elemento #root ausente em index.html');

void waitForHydration().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
});
