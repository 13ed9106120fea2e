// Code the app loads on demand (screens, dialogs, the contract's schemas), and which of those loads are still under
// way. The web tests share one module cache per worker (vitest.config.ts): a file lets the loads it started land
// before the next file starts (src/web/test/setup.ts), or a screen a test left loading would arrive in the next
// file's modules, bound to that file's mocks.
const underWay = new Set<Promise<unknown>>();

/** Starts a load and keeps it on the list until it settles. */
export function onDemand<T>(load: () => Promise<T>): Promise<T> {
  const loading = load();
  underWay.add(loading);
  const done = () => underWay.delete(loading);
  loading.then(done, done);
  return loading;
}

/** Resolves once no load is under way, including the loads that a settling one started. */
export async function loadsSettled(): Promise<void> {
  while (underWay.size > 0) await Promise.allSettled([...underWay]);
}
