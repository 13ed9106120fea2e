import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.x A and AA, and axe's best practices (issue 27: landmarks, one main, headings, every part in a region). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Every CSS transition and animation at its end state at once, while axe looks. */
const AT_REST = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Runs axe (WCAG 2.x A and AA and the best practices) on the page as it is and expects no violation. */
export async function expectNoA11yViolations(page: Page) {
  // Contrast is judged on the page at rest: a label still fading in after a load, or a flash fading out on its
  // 4-second timer while axe runs, is not a violation. What runs now ends on its own (a collapse waits for its
  // transitionend); what would start while axe looks, the flash's exit, jumps to its end instead, so axe reads the
  // element at rest or nothing.
  await page.waitForFunction(() => document.querySelectorAll('[data-loading]').length === 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const atRest = await page.addStyleTag({ content: AT_REST });
  try {
    // axe.run in the page itself, reporting violations only: the default runs axe per frame, copies every result
    // (passes included) into a blank page of its own and finishes there, which took two to three times as long on
    // the 50-row list and finds nothing more here, where the portal has no cross-origin frames.
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_TAGS)
      .setLegacyMode()
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} — ${n.failureSummary ?? ''}`).join('; ')}`,
    );
    expect(summary).toEqual([]);
  } finally {
    // A page that has navigated since dropped the style with the rest of its document.
    await atRest.evaluate((style) => style.parentNode?.removeChild(style)).catch(() => undefined);
  }
}
