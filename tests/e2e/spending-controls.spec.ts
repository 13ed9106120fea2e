// Spending controls on a real authorization path (issue 30): set a control, simulate a purchase it declines, see why
// in the history's explainer, follow it back to the controls, lift it, simulate again and see it approved. A card of
// page 4, which no other spec changes.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { firstActiveIn, goToPage, openCardScreen, openRow } from './support/cards.ts';
import { expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 180_000 });

const GROUP = 'Restaurantes e lanchonetes';

async function saveControls(page: Page) {
  await page.getByRole('button', { name: 'Salvar controles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar os controles de gasto?' });
  await expect(dialog.getByText(/compras aprovadas nos últimos 30 dias/)).toBeVisible();
  // atual → novo, in the words the audit trail records.
  await expect(dialog.getByRole('row', { name: /Categorias bloqueadas/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Controles de gasto salvos.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function simulate(page: Page) {
  await page.getByLabel('Categoria do estabelecimento').selectOption({ label: GROUP });
  await page.getByRole('button', { name: 'Simular' }).click();
  return page.getByRole('status').filter({ hasText: /Compra (aprovada|negada)/ });
}

test('a control declines a simulated purchase; the history explains it; lifting it lets the next one through', async ({
  page,
}) => {
  await openHome(page);
  await goToPage(page, 4);
  await openRow(page, await firstActiveIn(page, 0, 10));
  await openCardScreen(page, 'Controles de gasto');

  await page.getByLabel(GROUP).check();
  await saveControls(page);
  await expect(page.getByText('Este cartão tem controles próprios.')).toBeVisible();
  const declined = await simulate(page);
  await expect(declined.getByText('Compra negada')).toBeVisible();
  await expect(declined.getByText(`Categoria bloqueada nos controles de gasto: ${GROUP}.`)).toBeVisible();
  await expectNoA11yViolations(page);

  const shots = process.env.SPENDING_SCREENSHOTS;
  if (shots) {
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.screenshot({ path: `${shots}/controls-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The history names the control and leads back to it.
  await openCardScreen(page, 'Transações');
  const explained = page.getByText(
    'Negada pelos controles de gasto: a categoria do estabelecimento está bloqueada para este cartão.',
  );
  await expect(explained.first()).toBeVisible();
  await page.getByRole('link', { name: 'Ver controles de gasto' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Controles de gasto' })).toBeVisible();

  // Reloaded, the screen reads what the provider holds.
  await page.reload();
  await expect(page.getByLabel(GROUP)).toBeChecked();
  await page.getByLabel(GROUP).uncheck();
  await saveControls(page);
  const approved = await simulate(page);
  await expect(approved.getByText('Compra aprovada')).toBeVisible();
});
