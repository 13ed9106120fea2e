// Whether the entry the store persists (localStorage PRODUCT_KEY, app-store.ts) lets the route guards open /home
// (app/guards.tsx): signed in, no second factor waiting, a company chosen. The build inlines this function's source
// into the tiny script that starts the /home chunk beside the entry (vite.config.ts, homePreload), so it must stay
// self-contained: no imports, no names from outside it. app-store.test.ts feeds it what the store really writes.
export function opensHome(stored: string | null, pathname: string): boolean {
  try {
    const state = JSON.parse(stored || 'null')?.state;
    return /^\/home(\/|$)/.test(pathname) && state?.signedIn === true && !state.pendingFactor && Boolean(state.company);
  } catch {
    return false;
  }
}
