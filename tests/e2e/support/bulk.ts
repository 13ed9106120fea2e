// The bulk changes screen as the specs drive it: opened from the menu, a CSV chosen, its per-row result table, and
// the screenshots of a step at the three widths when BULK_SCREENSHOTS names a folder.
import { expect, type Page } from '@playwright/test';

export async function openBulk(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Alterações em lote' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Alterações em lote' })).toBeVisible();
}

/** Chooses `csv` as the file to check, with the byte-order mark a spreadsheet writes. */
export async function uploadCsv(page: Page, csv: string, name = 'limites.csv') {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  });
}

export const resultTable = (page: Page) => page.locator('table[aria-label="Resultado por linha do arquivo"]');

/** The result table's row of the file's line `line` (the header is line 1). */
export const resultRow = (page: Page, line: number) =>
  resultTable(page)
    .locator('tbody tr')
    .filter({ hasText: `Linha ${line}` });

/** The page at 360, 768 and 1280 px into BULK_SCREENSHOTS (nothing when unset); the table is still shown after. */
export async function bulkScreenshots(page: Page, name: string) {
  const dir = process.env.BULK_SCREENSHOTS;
  if (!dir) return;
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(resultTable(page)).toBeVisible();
}
