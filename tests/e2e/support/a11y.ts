import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe (WCAG 2.x A and AA) on the page as it is and expects no violation. */
export async function expectNoA11yViolations(page: Page) {
  // Contrast is judged on the page at rest: a label still fading in after a load is not a violation.
  await page.waitForFunction(() => document.querySelectorAll('[data-loading]').length === 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} — ${n.failureSummary ?? ''}`).join('; ')}`,
  );
  expect(summary).toEqual([]);
}
