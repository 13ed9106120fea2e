// The width of the screen the web tests draw on, for the width queries the screens ask (setup.ts answers them):
// 1280 px, the E2E's desktop project, unless a test picks another before it renders. Kept on the window, which the
// files of a worker share, not in this module, which each file loads afresh (setup.ts, vi.resetModules).
export const DEFAULT_TEST_SCREEN_PX = 1280;

const held = globalThis as { fidisTestScreenPx?: number };

export const testScreenPx = () => held.fidisTestScreenPx ?? DEFAULT_TEST_SCREEN_PX;

/** The screen's width for the rest of this test (set back to 1280 px after it). */
export function setTestScreen(px: number): void {
  held.fidisTestScreenPx = px;
}
