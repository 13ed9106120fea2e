// Consulta's masked CPF (issue 16; decision 090): the cards list shows every CPF as 000.***.***-00 with "mostrar";
// "mostrar" reveals that holder's full CPF in place, and an Administrador's "Auditoria" shows the reveal with who
// made it. MASKED_SCREENSHOTS=<dir> saves the list at 360 and 1280 px, masked and with one CPF revealed.
import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { listRows, openRow } from './support/cards.ts';
import { signInAsProfile } from './support/profiles.ts';

test.describe.configure({ timeout: 180_000 });

const MASKED = /^\d{3}\.\*{3}\.\*{3}-\d{2}$/;
const FULL = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const shots = process.env.MASKED_SCREENSHOTS;

/**
 * The list at 360 and 1280 px. The table (from 576 px) and the stacked items are different elements, so a reveal does
 * not survive the switch: with `reveal`, the first row's CPF is revealed again at each width (one audited call each).
 */
async function shoot(page: Page, name: string, reveal = false) {
  if (!shots) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.waitForTimeout(300);
    if (reveal) {
      const row = listRows(page).first();
      const show = row.getByRole('button', { name: /^Mostrar CPF de / });
      if (await show.isVisible()) await show.click();
      await expect(row.locator('span').filter({ hasText: FULL }).first()).toBeVisible();
    }
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The CPFs the rows show, as text (the row's CPF element holds it alone). */
const cpfsOf = (page: Page) =>
  listRows(page)
    .locator('span')
    .filter({ hasText: /^\d{3}\.[\d*]{3}\.[\d*]{3}-\d{2}$/ })
    .allTextContents();

test('Consulta sees masked CPFs, "mostrar" reveals one, and the Administrador’s trail shows the reveal', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsProfile(page, 'CONSULTA');
  const shown = await cpfsOf(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const cpf of shown) expect(cpf).toMatch(MASKED);
  await expectNoA11yViolations(page);
  await shoot(page, 'list-masked');

  const row = listRows(page).first();
  const show = row.getByRole('button', { name: /^Mostrar CPF de / });
  const holder = ((await show.getAttribute('aria-label')) ?? '').replace(/^Mostrar CPF de /, '');
  const before = (await row.locator('span').filter({ hasText: MASKED }).first().textContent()) ?? '';
  // Keyboard: the button is reached and pressed like any other, and the focus lands on the revealed CPF.
  await show.focus();
  await page.keyboard.press('Enter');
  const revealed = row.locator('span').filter({ hasText: FULL }).first();
  await expect(revealed).toBeVisible();
  await expect(revealed).toBeFocused();
  const full = (await revealed.textContent()) ?? '';
  expect(full.slice(0, 4)).toBe(before.slice(0, 4));
  expect(full.slice(-3)).toBe(before.slice(-3));
  await expect(row.getByRole('button', { name: /^Mostrar CPF de / })).toHaveCount(0);
  // The other rows stay masked.
  expect((await cpfsOf(page)).filter((c) => FULL.test(c))).toEqual([full]);
  await expectNoA11yViolations(page);
  await shoot(page, 'list-revealed', true);

  const admin = await browser.newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await signInAsProfile(admin, 'ADMINISTRADOR');
  // The Administrador sees full CPFs and no "mostrar".
  for (const cpf of await cpfsOf(admin)) expect(cpf).toMatch(FULL);
  await expect(listRows(admin).getByRole('button', { name: /^Mostrar CPF de / })).toHaveCount(0);
  await admin.getByRole('link', { name: 'Auditoria' }).first().click();
  await expect(admin).toHaveURL(/\/home\/audit$/);
  const trail = admin.locator('[aria-label="Auditoria"]').first().locator(':scope > tbody > tr, :scope > li');
  // Newest first: the Administrador's own sign-in is above it; the reveal is the newest row of its kind.
  const first = trail.filter({ hasText: 'Exibição do CPF completo' }).first();
  await expect(first).toBeVisible();
  await expect(first).toContainText('consulta');
  await expect(first).toContainText(holder);
  expect(await first.textContent()).not.toContain(full);
  await admin.close();
});

test('Consulta: the card summary shows the masked CPF, and "mostrar" reveals it there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsProfile(page, 'CONSULTA');
  await openRow(page, 0);
  const summary = page.getByRole('region', { name: 'Resumo do cartão' });
  await expect(summary.locator('dd span').filter({ hasText: MASKED }).first()).toBeVisible();
  await summary.getByRole('button', { name: /^Mostrar CPF de / }).click();
  await expect(summary.locator('dd span').filter({ hasText: FULL }).first()).toBeFocused();
  await expect(summary.getByRole('button', { name: /^Mostrar CPF de / })).toHaveCount(0);
  await expectNoA11yViolations(page);
  if (shots) await page.screenshot({ path: `${shots}/summary-revealed-1280.png` });
});
