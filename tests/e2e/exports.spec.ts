// CSV exports (issue 18, item 1; decision 084): the cards list and the invoice by holder as files Excel in pt-BR
// opens (UTF-8 with BOM, `;`, 1.234,56), the progress and its cancel, and a download link used twice, refused.
// EXPORT_SCREENSHOTS=<dir> also saves the buttons and the progress at 360, 768 and 1280 px.
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page, Route } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { everyRowDrawn, listRows, openCardScreen, openRow, readRows } from './support/cards.ts';
import { downloadAfter, expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 120_000 });
// The files write instants in Brasília time; the screens in the browser's: an operator in Brazil sees the same.
test.use({ timezoneId: 'America/Sao_Paulo' });

const LIST_BUTTON = 'Exportar lista (CSV)';
const INVOICE_BUTTON = 'Exportar por portador (CSV)';
const DOWNLOAD = '**/proxy/download/**';
const shots = process.env.EXPORT_SCREENSHOTS;

/** The saved file's bytes: the BOM checked, then its CRLF lines (the last one empty) split on `;`. */
async function linesOf(download: Download): Promise<string[][]> {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((l) => l.split(';'));
}

const centsOf = (text: string) =>
  Number(
    text
      .replace(/^R\$\s/, '')
      .replaceAll('.', '')
      .replace(',', ''),
  );

/** Holds the file back until `release` is called, so the progress and its cancel can be seen. */
function holdDownloads(page: Page) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = page.route(DOWNLOAD, async (route: Route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { held, release: () => release() };
}

/** Scrolls an element to the middle of the viewport, clear of the sticky header. */
const centre = (target: Locator) => target.evaluate((el) => el.scrollIntoView({ block: 'center' }));

async function screenshots(page: Page, name: string, target: () => Promise<void>) {
  if (!shots) return;
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await target();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the cards list downloads as a CSV: BOM, `;`, every holder, the first row as on screen', async ({ page }) => {
  await openHome(page);
  const countText = await page.getByText('cartões cadastrados').textContent();
  const total = Number((countText ?? '').replace(/\D/g, ''));
  expect(total).toBeGreaterThan(50);
  const [first] = await readRows(page);
  const button = page.getByRole('button', { name: LIST_BUTTON });
  await expect(button).toBeEnabled();
  await screenshots(page, 'list-button', () => centre(button));
  await expectNoA11yViolations(page);

  const download = await downloadAfter(page, () => button.click());
  await expect(page.getByText(`Arquivo pronto: ${total.toLocaleString('pt-BR')} linhas exportadas.`)).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^portadores-\d{14}\.csv$/);
  const lines = await linesOf(download);
  expect(lines[0]).toEqual(['Conta', 'Portador', 'CPF', 'Final do cartão', 'Status']);
  expect(lines.length).toBe(total + 1);
  expect(lines[1]?.[1]).toBe(first?.name);
  expect(lines[1]?.[2]).toBe(first?.cpf);
  expect(lines[1]?.[4]).toBe(first?.status);
  await expectNoA11yViolations(page);
});

test('the export shows its progress and can be cancelled: nothing is saved', async ({ page }) => {
  await openHome(page);
  const { held, release } = holdDownloads(page);
  await held;
  let downloads = 0;
  page.on('download', () => {
    downloads++;
  });
  await page.getByRole('button', { name: LIST_BUTTON }).click();
  const progress = page.getByRole('progressbar', { name: 'Progresso da exportação' });
  // At 0 % the bar's filled part has no width: it is there, with its value, on a visible track.
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText(/^0 de [\d.]+ linhas recebidas$/)).toBeVisible();
  await screenshots(page, 'list-progress', () => centre(progress));
  await expectNoA11yViolations(page);
  const cancel = page.getByRole('button', { name: 'Cancelar' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Exportação cancelada.')).toBeVisible();
  await expect(progress).toHaveCount(0);
  release();
  await page.waitForTimeout(500);
  expect(downloads).toBe(0);
});

test("the invoice by holder adds up to the invoice's total on the screen", async ({ page }) => {
  await page.goto('/home/invoices');
  const totalOnScreen = page.getByTestId('invoice-total');
  await expect(totalOnScreen).toHaveText(/^R\$\s[\d.]+,\d{2}$/, { timeout: 30_000 });
  const total = centsOf((await totalOnScreen.textContent()) ?? '');
  const button = page.getByRole('button', { name: INVOICE_BUTTON });
  await screenshots(page, 'invoice-button', () => centre(button));
  await expectNoA11yViolations(page);

  // The invoice by holder asks for the identity again once the session's confirmation is stale (its export policy,
  // src/contracts/exports.ts), which a slow run reaches; downloadAfter answers it, a bare wait for the download not.
  const lines = await linesOf(await downloadAfter(page, () => button.click()));
  expect(lines[0]).toEqual(['Conta', 'Portador', 'CPF', 'Final do cartão', 'Lançamentos', 'Total (R$)']);
  const last = lines[lines.length - 1]!;
  expect(last[1]).toBe('TOTAL DA FATURA');
  expect(centsOf(last[5] ?? '')).toBe(total);
  const parts = lines.slice(1, -1).map((l) => centsOf(l[5] ?? ''));
  expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  expect(lines.length).toBeGreaterThan(4);
});

test('a download link used a second time is refused, in pt-BR, and nothing is saved', async ({ page }) => {
  await openHome(page);
  // The browser's own request is sent twice: the first spends the ticket, the page receives the second's answer.
  await page.route(DOWNLOAD, async (route) => {
    const firstUse = await route.fetch();
    expect(firstUse.status()).toBe(200);
    await route.fulfill({ response: await route.fetch() });
  });
  let downloads = 0;
  page.on('download', () => {
    downloads++;
  });
  await page.getByRole('button', { name: LIST_BUTTON }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Este link de download já foi usado' });
  await expect(alert).toHaveText('Este link de download já foi usado. Gere a exportação novamente.');
  await screenshots(page, 'list-refused', () => centre(alert));
  await expectNoA11yViolations(page);
  expect(downloads).toBe(0);
});

test("a card's authorizations and transactions download as its history lists them", async ({ page }) => {
  await openHome(page);
  await openRow(page, 0);
  await openCardScreen(page, 'Transações');
  const authorizations = listRows(page, 'Histórico de autorizações');
  await expect(authorizations.first()).toBeVisible({ timeout: 20_000 });
  await everyRowDrawn(page);
  const shown = await authorizations.count();
  const button = page.getByRole('button', { name: 'Exportar autorizações (CSV)' });
  await screenshots(page, 'history-buttons', () => centre(button));
  await expectNoA11yViolations(page);

  let saved = page.waitForEvent('download');
  await button.click();
  let lines = await linesOf(await saved);
  expect(lines[0]).toEqual([
    'Data e hora',
    'Estabelecimento',
    'Autorização',
    'Parcelas',
    'Valor',
    'Moeda',
    'Status',
    'Resposta da bandeira',
  ]);
  expect(lines.length - 1).toBe(shown);
  // The newest first, with the date and time the screen shows.
  await expect(authorizations.first()).toContainText(lines[1]?.[0] ?? '-');

  // One export control (decision 141): once a filter is set it exports exactly the filter, in its own words.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('APROVADA');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const filteredButton = page.getByRole('button', { name: 'Exportar autorizações filtradas (CSV)' });
  await expect(filteredButton).toBeVisible();
  await expect(button).toHaveCount(0);
  await everyRowDrawn(page);
  const approved = await authorizations.count();
  saved = page.waitForEvent('download');
  await filteredButton.click();
  lines = await linesOf(await saved);
  expect(lines.length - 1).toBe(approved);
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(button).toBeVisible();
  await expect(filteredButton).toHaveCount(0);

  const transactions = listRows(page, 'Transações das faturas');
  await expect(transactions.first()).toBeVisible();
  await everyRowDrawn(page);
  const listed = await transactions.count();
  saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar transações (CSV)' }).click();
  lines = await linesOf(await saved);
  expect(lines[0]?.[0]).toBe('Data');
  expect(lines.length - 1).toBe(listed);
  for (const line of lines.slice(1)) expect(line[5]).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2}$/);
});
