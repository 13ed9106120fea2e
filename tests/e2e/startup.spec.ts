import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';

test.describe('start-up', () => {
  test('the login screen shows ENTRAR and the recovery link, after the device registered', async ({ page }) => {
    const keys = page.waitForResponse((r) => r.url().endsWith('/keys') && r.request().method() === 'GET');
    const devices = page.waitForResponse((r) => r.url().endsWith('/devices') && r.request().method() === 'POST');
    await page.goto('/');
    expect((await keys).status()).toBe(200);
    const registration = await devices;
    expect(registration.status()).toBe(200);
    // The answer is sealed: the access token never travels in clear text.
    const body = (await registration.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['payload']);
    expect(String(body.payload)).toMatch(/^[0-9a-f]+$/);

    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Esqueceu sua senha?' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('when the key cannot be fetched, the start-up alert shows', async ({ page }) => {
    await page.route('**/keys', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    await expect(
      page.getByText(
        'Estamos passando por algumas instabilidades no momento, por favor tente acessar o fidis mais tarde.',
      ),
    ).toBeVisible();
  });

  test('a failing device registration shows the same alert', async ({ page }) => {
    await page.route('**/devices', (route) => route.fulfill({ status: 503, body: '{"message":"x"}' }));
    await page.goto('/');
    await expect(page.getByText(/Estamos passando por algumas instabilidades no momento/)).toBeVisible();
  });

  test('the server sends a strict CSP and no-store on API answers', async ({ request }) => {
    const page = await request.get('/');
    const csp = page.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const keys = await request.get('/keys');
    expect(keys.headers()['cache-control']).toContain('no-store');
  });
});
