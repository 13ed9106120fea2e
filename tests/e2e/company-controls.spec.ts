// The company's default spending controls (issue 30): set from Gestão da Empresa behind the step-up, followed by a
// card without controls of its own, then removed again so no other spec meets them. A card of page 2, read only.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { firstActiveIn, goToPage, openCardScreen, openRow } from './support/cards.ts';
import { expect, openHome, SIGNED_IN_COMPANY, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 180_000 });

const GROUP = 'Jogos e apostas';

async function openCompanyControls(page: Page) {
  await page.locator('aside').getByRole('link', { name: SIGNED_IN_COMPANY }).click();
  await page.getByRole('link', { name: 'Controles de gasto padrão' }).click();
  await expect(page).toHaveURL(/\/home\/company\/management\/controls$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Controles de gasto padrão da empresa' })).toBeVisible();
}

test('a company default set from Gestão da Empresa is what a card without its own controls follows', async ({
  page,
}) => {
  await openHome(page);
  await openCompanyControls(page);
  await expect(page.getByText(/A empresa não tem controles padrão/)).toBeVisible();

  // The preview before any save: a maximum of R$ 0,01 per purchase would deny every purchase of the last 30 days of
  // the cards that follow the default (the demo's holders buy from R$ 8), all of them by that control.
  await page.getByLabel('Máximo por compra').fill('1');
  await page.getByRole('button', { name: 'Salvar controles' }).click();
  const preview = page.getByRole('dialog', { name: 'Salvar os controles de gasto?' });
  const impact = preview.getByTestId('controls-impact');
  await expect(impact).toContainText(
    /(\d+) das \1 compras aprovadas dos \d+ cartões que seguem o padrão nos últimos 30 dias/,
  );
  const total = (await impact.textContent())?.match(/^(\d+) das/)?.[1];
  await expect(preview.getByRole('list', { name: 'Negadas por controle' }).getByRole('listitem')).toHaveText([
    `Máximo por compra: ${total} compras`,
  ]);
  const shots = process.env.SPENDING_SCREENSHOTS;
  if (shots) {
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/company-controls-preview-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await preview.getByRole('button', { name: 'Voltar' }).click();
  await page.getByLabel('Máximo por compra').fill('');

  await page.getByLabel(GROUP).check();
  await page.getByRole('button', { name: 'Salvar controles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar os controles de gasto?' });
  await expect(dialog.getByRole('row', { name: /Categorias bloqueadas/ })).toContainText(GROUP);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Controles de gasto salvos.')).toBeVisible();
  await expect(page.getByText('A empresa tem controles padrão.')).toBeVisible();
  await expectNoA11yViolations(page);

  if (shots) {
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.screenshot({ path: `${shots}/company-controls-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  try {
    await openHome(page);
    await goToPage(page, 2);
    await openRow(page, await firstActiveIn(page, 0, 10));
    await openCardScreen(page, 'Controles de gasto');
    await expect(page.getByText('Este cartão segue os controles padrão da empresa.')).toBeVisible();
    await expect(page.getByLabel(GROUP)).toBeChecked();
  } finally {
    // The default reaches every card of the company: it goes before another spec buys with one.
    await openCompanyControls(page);
    await page.getByRole('button', { name: 'Remover o padrão da empresa' }).click();
    const remove = page.getByRole('dialog', { name: 'Remover os controles padrão da empresa?' });
    await remove.getByRole('button', { name: 'Remover o padrão da empresa' }).click();
    await expect(page.getByText(/A empresa não tem controles padrão/)).toBeVisible();
  }
});
