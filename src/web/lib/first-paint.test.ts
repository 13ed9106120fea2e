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

/** A visible tab whose browser reports paint timing; `report` hands the observer a list of paint entries. */
function visibleWithPaintTiming() {
  const paints: { report: Report } = { report: () => undefined };
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['paint'];
      constructor(callback: Report) {
        paints.report = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  return paints;
}

describe('first paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint, not an earlier paint', async () => {
    const paints = visibleWithPaintTiming();
    const settled = await loadFirstPaint();
    paints.report({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) });
    await new Promise((done) => setTimeout(done, 20));
    expect(settled()).toBe(false);

    paints.report({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
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

  it('keeps a call made before the first content until it is painted, 100 ms at most', async () => {
    const paints = visibleWithPaintTiming();
    vi.resetModules();
    const { untilFirstPaint, OPENING_CALL_WAIT_MS } = await import('./first-paint.ts');
    vi.useFakeTimers();
    try {
      let went = false;
      const call = () => {
        went = false;
        const waiting = untilFirstPaint();
        expect(waiting).toBeInstanceOf(Promise);
        void waiting?.then(() => {
          went = true;
        });
      };
      // A screen of only a spinner paints no content: the call goes at the ceiling.
      call();
      await vi.advanceTimersByTimeAsync(OPENING_CALL_WAIT_MS - 1);
      expect(went).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(went).toBe(true);
      // The content painted sooner: the call goes then, and every later call at once.
      call();
      await vi.advanceTimersByTimeAsync(10);
      expect(went).toBe(false);
      paints.report({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      await vi.advanceTimersByTimeAsync(1);
      expect(went).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(untilFirstPaint()).toBeUndefined();
  });
});
