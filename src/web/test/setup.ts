// Web test setup: what jsdom lacks for Mantine, and a clean DOM and storage between tests.
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { DEFAULT_TEST_SCREEN_PX, setTestScreen, testScreenPx } from './screen.ts';

// findBy/waitFor wait up to 5 s rather than Testing Library's 1 s: a lazy screen's first import can take longer on a
// loaded 2-core machine (seen at load average 25), and a wait only lasts that long when the test is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

/**
 * The screen the web tests draw on (screen.ts: 1280 px, as the E2E's desktop project, unless a test picks another),
 * for the width queries the screens ask (`(min-width: 62em)`, `(max-width: 35.99em)`, 16 px to the em): the sidebar
 * is drawn from 62 em, the tables stack or fold below their own widths. Any other query does not match.
 */
function matchesWidth(query: string): boolean {
  const width = /^\((min|max)-width:\s*([\d.]+)(em|px)\)$/.exec(query.trim());
  if (!width) return false;
  const [, side, amount, unit] = width;
  const px = Number(amount) * (unit === 'em' ? 16 : 1);
  return side === 'min' ? testScreenPx() >= px : testScreenPx() <= px;
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.assign(window, { ResizeObserver: ResizeObserverStub });
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });

afterEach(() => {
  cleanup();
  setTestScreen(DEFAULT_TEST_SCREEN_PX);
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
});

// The files of a worker share one window and one module cache (vitest.config.ts, isolate: false): jsdom, React and
// Mantine load once per worker instead of once per file. What a file changed must not reach the next one. At its
// end, the screens and dialogs it left loading land (in its own modules) and the globals, timers and spies it set are
// put back; before the next file loads, the project's own modules (stores, screens bound to the mocked transport)
// are dropped, so that file gets them afresh, with its own mocks.
vi.resetModules();

afterAll(async () => {
  const { loadsSettled } = await import('../lib/on-demand.ts');
  await loadsSettled();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
