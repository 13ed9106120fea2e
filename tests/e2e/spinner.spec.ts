// Spec section 9: "Spinner animation 1 second". Mantine's oval loader turns its ::after, not its root, so what is
// checked is what the browser animates: the pseudo-element's computed animation and the running CSS animation's
// own duration, for a screen's spinner and for the one inside a loading button.
import type { Page, Route } from '@playwright/test';
import { openLogin } from './support/session.ts';
import { expect, test } from './support/signed-in.ts';

interface Turn {
  /** getComputedStyle(loader, '::after').animationDuration, as Chromium serialises it. */
  duration: string;
  /** The ::after's animation name: 'none' would mean nothing turns. */
  name: string;
  /** The durations of the running CSS animations whose target is this loader's ::after, in ms. */
  running: number[];
}

/** How each visible loader inside `scope` turns. */
async function turnsOf(page: Page, scope: string): Promise<Turn[]> {
  return page.evaluate((selector) => {
    const loaders = [...document.querySelectorAll(`${selector} .mantine-Loader-root`)];
    const animations = document.getAnimations();
    return loaders.map((loader) => {
      const after = getComputedStyle(loader, '::after');
      const running = animations
        .filter((a) => {
          const effect = a.effect as KeyframeEffect | null;
          return effect?.target === loader && effect.pseudoElement === '::after' && a.playState === 'running';
        })
        .map((a) => Number(a.effect?.getComputedTiming().duration));
      return { duration: after.animationDuration, name: after.animationName, running };
    });
  }, scope);
}

/** Holds every call through /proxy until `release` is called, so the screen stays on its spinner. */
async function holdProxy(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/proxy', async (route) => {
    if (holding) held.push(route);
    else await route.continue();
  });
  return async () => {
    holding = false;
    await Promise.all(held.map((r) => r.continue()));
    await page.unroute('**/proxy');
  };
}

test('a screen’s spinner turns once a second (its ::after, in Chromium)', async ({ page }) => {
  const release = await holdProxy(page);
  await page.goto('/home/user/management/manage');
  const status = page.getByRole('status').first();
  await expect(status.locator('.mantine-Loader-root')).toBeVisible({ timeout: 30_000 });
  const [turn] = await turnsOf(page, '[role="status"]');
  expect(turn).toEqual({ duration: '1s', name: expect.not.stringMatching(/^none$/), running: [1000] });
  await release();
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the spinner inside a loading button turns once a second too', async ({ page }) => {
    await openLogin(page);
    await page.getByLabel('Usuário').fill('demo');
    await page.getByLabel('Senha', { exact: true }).fill('uma-senha-qualquer');
    const release = await holdProxy(page);
    await page.getByRole('button', { name: 'ENTRAR' }).click();
    const button = page.locator('button[data-loading]');
    await expect(button.locator('.mantine-Loader-root')).toBeVisible();
    const [turn] = await turnsOf(page, 'button[data-loading]');
    expect(turn).toEqual({ duration: '1s', name: expect.not.stringMatching(/^none$/), running: [1000] });
    await release();
  });
});
