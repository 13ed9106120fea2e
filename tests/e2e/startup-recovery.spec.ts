// The start-up alert where the operator is (the sign-in screen and the signed-in shell), one text in one place,
// and the portal recovering by itself once the BFF answers the key exchange and the device registration again.
// The BFF's refusal is played by the browser's network layer (503, what the BFF answers when its replay guard's
// Redis is down), so the rest of the product stays real.
import type { Page } from '@playwright/test';
import { signIn } from './support/session.ts';
import { expect, openHome, SIGNED_OUT, test } from './support/signed-in.ts';

const ALERT = 'Estamos passando por algumas instabilidades no momento, por favor tente acessar o fidis mais tarde.';
/** The back-off's first steps (2 s, 4 s, 8 s) with room to spare. */
const RECOVERY_MS = 25_000;

const refuse = (page: Page, path: '**/keys' | '**/devices') =>
  page.route(path, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"BUSY"}' }));

test('inside the shell: the alert alone while the key exchange fails, then the cards list, without a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openHome(page);
  await refuse(page, '**/keys');
  await page.reload();

  const alert = page.getByRole('alert').filter({ hasText: ALERT });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Cartões da empresa' })).toBeVisible();
  // Nothing else speaks for the failure: no flash notification, no other alert text.
  await page.waitForTimeout(2_500);
  await expect(page.getByText(ALERT)).toHaveCount(1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  // The alert is inside the viewport and covers neither the header nor the menu.
  const box = await alert.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBeTruthy();
  expect(box && viewport && box.y + box.height <= viewport.height).toBeTruthy();
  expect(box && box.y > 64).toBeTruthy();

  await page.unroute('**/keys');
  await expect(alert).toBeHidden({ timeout: RECOVERY_MS });
  await expect(page.getByText(/cartões cadastrados/)).toBeVisible({ timeout: 15_000 });
});

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('on the sign-in screen: a failing registration shows the alert, which goes by itself; then sign-in works', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await refuse(page, '**/devices');
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: ALERT });
    await expect(alert).toBeVisible();
    await expect(page.getByText(ALERT)).toHaveCount(1);

    await page.unroute('**/devices');
    await expect(alert).toBeHidden({ timeout: RECOVERY_MS });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Escolha a empresa' })).toBeVisible();
  });
});
