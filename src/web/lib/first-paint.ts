// Work the opened page does not need to show itself (the device registration, the search mask) waits for its first
// content on screen, so it competes with that paint for neither the network nor the main thread.

function whenPainted(resolve: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  // A task after the report, so the work never runs inside the frame being shown.
  const settle = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    document.removeEventListener('visibilitychange', settle);
    setTimeout(resolve);
  };
  // A hidden tab paints nothing, and without paint timing nothing would be reported: no reason to wait.
  const timed =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!timed || document.visibilityState === 'hidden') {
    settle();
    return;
  }
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) settle();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Sent away before painting: the paint will not be reported until the tab shows again.
  document.addEventListener('visibilitychange', settle, { once: true });
}

/** Resolves once the page has painted its first content: text or an image (the CSS spinner does not count). */
export const firstPaint = new Promise<void>(whenPainted);

let painted = false;
void firstPaint.then(() => {
  painted = true;
});

/** How long a call made while the page opens waits at most for its first content (a screen of only a spinner). */
export const OPENING_CALL_WAIT_MS = 100;

/**
 * What a provider call made while the page opens waits for (api/index.ts): the page's first content on screen, as
 * the key exchange does, so the screen the call was made from shows before the call's scripts (the contract's
 * schemas), its key exchange and its answers are fetched and run; 100 ms at most, so a screen that shows only a
 * spinner until its call answers is not kept waiting for a paint that will not come. Once the page has painted,
 * nothing to wait for: undefined.
 */
export function untilFirstPaint(): Promise<void> | undefined {
  if (painted) return undefined;
  return Promise.race([firstPaint, new Promise<void>((resolve) => setTimeout(resolve, OPENING_CALL_WAIT_MS))]);
}
