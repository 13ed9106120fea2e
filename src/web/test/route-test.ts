// How a route's screen test starts: the shell's and the route's lazy chunks loaded once up front (as a browser has
// them cached, so the first test does not pay for them), and before each test the mocked API forgotten and the test
// operator signed in to the fixture companies, the first chosen. Called inside the route's `describe`.
import { beforeAll, beforeEach } from 'vitest';
import { signInAs } from './sign-in.ts';

export function setUpRouteTest(api: { mockReset(): unknown }, loadRoute: () => Promise<unknown>) {
  beforeAll(async () => {
    await import('../app/shell/shell-layout.tsx');
    await loadRoute();
  });
  beforeEach(() => {
    api.mockReset();
    signInAs();
  });
}
