// Virtual cards (issue 30): issue one for a holder, reveal its number with a step-up (the E2E product's window is 20
// seconds, so the proof is asked), see it in the audit trail without the number, and cancel it. A card of page 4,
// which no other spec changes.
import { expectNoA11yViolations } from './support/a11y.ts';
import { firstActiveIn, goToPage, openCardScreen, openRow } from './support/cards.ts';
import { E2E } from './support/env.ts';
import { expect, openHome, stepUpDialog, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 180_000 });

test('issue a virtual card, reveal it after confirming identity, cancel it', async ({ page }) => {
  await openHome(page);
  await goToPage(page, 4);
  await openRow(page, await firstActiveIn(page, 12, 24));
  await openCardScreen(page, 'Cartões virtuais');

  await page.getByLabel(/Descrição/).fill('Assinatura de software');
  await page.getByLabel('Recorrente').check();
  await page.getByLabel(/Limite do cartão virtual/).pressSequentially('25000');
  await expect(page.getByLabel(/Limite do cartão virtual/)).toHaveValue('250,00');
  await page.getByRole('button', { name: 'Emitir cartão virtual' }).click();
  const issued = page.getByText(/^Cartão virtual final \d{4} emitido\.$/);
  await expect(issued).toBeVisible();
  const last4 = /final (\d{4})/.exec((await issued.textContent()) ?? '')?.[1] ?? '';
  const list = page.locator('table[aria-label="Cartões virtuais"], ul[aria-label="Cartões virtuais"]');
  await expect(list.getByText(`•••• ${last4}`)).toBeVisible();
  await expectNoA11yViolations(page);

  // The reveal asks who it is once the window has passed since sign-in: the dialog is answered by hand here, as
  // the operator would, instead of by the suite's handler.
  await page.removeLocatorHandler(stepUpDialog(page));
  await page.waitForTimeout(21_000);
  await page.getByRole('button', { name: `Ver dados: final ${last4}` }).click();
  const proof = stepUpDialog(page);
  await expect(proof).toBeVisible();
  await proof.getByLabel('Senha', { exact: true }).fill(E2E.password);
  await proof.getByRole('button', { name: 'Confirmar' }).click();
  const shown = page.getByRole('dialog', { name: `Cartão virtual final ${last4}` });
  await expect(shown.getByText(new RegExp(`^\\d{4} \\d{4} \\d{4} ${last4}$`))).toBeVisible();
  await expect(shown.getByText(/^Os dados somem da tela em \d+ s\.$/)).toBeVisible();
  const shots = process.env.SPENDING_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/virtual-reveal-1280.png` });
  await shown.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(shown).toBeHidden();

  if (shots) {
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.screenshot({ path: `${shots}/virtual-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.getByRole('button', { name: `Cancelar: final ${last4}` }).click();
  const confirm = page.getByRole('dialog', { name: `Cancelar o cartão virtual final ${last4}?` });
  await confirm.getByRole('button', { name: 'Cancelar cartão virtual' }).click();
  await expect(page.getByText(`Cartão virtual final ${last4} cancelado.`)).toBeVisible();
  await expect(list.getByText('Cancelado')).toBeVisible();
  await expect(page.getByRole('button', { name: `Ver dados: final ${last4}` })).toHaveCount(0);
});
