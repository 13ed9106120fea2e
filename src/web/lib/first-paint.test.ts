import { afterEach, describe, expect, it, vi } from 'vitest';

type Report = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A fresh copy of the module, so its promise starts under the stubs of the test. */
async function loadFirstPaint() {
  vi.resetModules();
  const { firstPaint } = await import('./first-paint.ts');
  let settled = false;
  void firstPaint.then(() => {
    settled = true;
  });
  return () => settled;
}

describe('first paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint, not an earlier paint', async () => {
    let report: Report | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        constructor(callback: Report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const settled = await loadFirstPaint();
    report?.({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) });
    await new Promise((done) => setTimeout(done, 20));
    expect(settled()).toBe(false);

    report?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    await vi.waitFor(() => expect(settled()).toBe(true));
  });

  it('does not wait without paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const settled = await loadFirstPaint();
    await vi.waitFor(() => expect(settled()).toBe(true));
  });

  it('does not wait in a hidden tab, which paints nothing', async () => {
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const settled = await loadFirstPaint();
    await vi.waitFor(() => expect(settled()).toBe(true));
  });
});
