// Web test setup: what jsdom lacks for Mantine, and a clean DOM and storage between tests.
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait up to 5 s rather than Testing Library's 1 s: a lazy screen's first import can take longer on a
// loaded 2-core machine (seen at load average 25), and a wait only lasts that long when the test is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
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
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
});
