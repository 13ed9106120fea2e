// The company's spend (issue 27, decision 118), provider to screen at 1280 px: "Transações da Empresa" from the menu
// lists the demo company's authorizations with their totals; the NEGADA filter keeps refused purchases only, each
// "não debitado"; the file holds exactly the filtered rows; a holder's name opens that card's history. With
// SHOTS_DIR set it also leaves screenshots at 360, 768 and 1280 px there, for a person to look at.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { everyRowDrawn } from './support/cards.ts';
import { downloadAfter, expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

const TABLE = 'Transações da empresa';
const table = (page: Page) => page.getByRole('table', { name: TABLE });
const rows = (page: Page) => table(page).locator(':scope > tbody > tr');
const totals = (page: Page) => page.getByRole('region', { name: 'Totais do filtro' });

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : width === 768 ? 1024 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the company's spend: totals, the NEGADA filter, its file, and a holder's card", async ({ page }) => {
  await openHome(page);
  // /home shows the relationship's limit: committed and free (issue 27).
  const limit = page.getByRole('region', { name: 'Limite do relacionamento' });
  // The panel holds its place while it reads (its amounts hidden, aria-busy); then it shows them.
  await expect(limit).not.toHaveAttribute('aria-busy', 'true');
  await expect(limit).toContainText('Comprometido');
  await expect(limit).toContainText(/Livre\s*R\$/);
  await shoot(page, 'home');
  await page.getByRole('link', { name: 'Transações da Empresa' }).first().click();
  await expect(page).toHaveURL(/\/home\/transactions$/);
  await expect(page).toHaveTitle('Transações da empresa · fidis');
  await expect(page.getByRole('heading', { level: 2, name: 'Transações da empresa' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(totals(page)).toContainText('Gasto aprovado');
  // Approved purchases are money out, written with the minus sign.
  await expect(
    rows(page)
      .filter({ has: page.getByText('APROVADA', { exact: true }) })
      .first(),
  ).toContainText('− R$');
  await expectNoA11yViolations(page);
  await shoot(page, 'spend');

  await page.getByRole('combobox', { name: 'Status' }).selectOption('NEGADA');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(rows(page).first()).toContainText('NEGADA');
  await everyRowDrawn(page);
  const shown = await rows(page).count();
  for (let i = 0; i < shown; i++) {
    await expect(rows(page).nth(i)).toContainText('NEGADA');
    await expect(rows(page).nth(i)).toContainText('não debitado');
  }
  const denied = Number(((await totals(page).getByText(/^\d+$/).first().textContent()) ?? '').replace(/\D/g, ''));
  expect(denied).toBeGreaterThanOrEqual(shown);
  await shoot(page, 'spend-denied');

  // The file: exactly the filtered rows, as many as the totals count.
  const download = await downloadAfter(page, () =>
    page.getByRole('button', { name: 'Exportar transações filtradas (CSV)' }).click(),
  );
  expect(download.suggestedFilename()).toMatch(/^transacoes-empresa-\d{14}-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  const lines = bytes
    .subarray(3)
    .toString('utf8')
    .replace(/\r\n$/, '')
    .split('\r\n')
    .map((l) => l.split(';'));
  expect(lines[0]?.[0]).toBe('Data e hora');
  expect(lines.length - 1).toBe(denied);
  for (const line of lines.slice(1)) expect(line.at(-1)).toBe('NEGADA');

  // A holder's name opens that card's history at its address.
  const holder = (await table(page).getByRole('link').first().textContent()) ?? '';
  await table(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/home\/details\/[0-9a-f-]{36}\/history$/);
  const summary = page.getByRole('region', { name: 'Resumo do cartão' }).getByRole('definition');
  await expect(summary.getByText(holder, { exact: true })).toBeVisible();
  // The card's history: the same filters and dense table over the card's own authorizations (decision 119).
  const history = page.getByRole('table', { name: 'Histórico de autorizações' });
  await expect(history.locator(':scope > tbody > tr').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('combobox', { name: 'Status' }).selectOption('NEGADA');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(history.locator(':scope > tbody > tr').first()).toContainText('NEGADA');
  await expect(totals(page)).toContainText('Negadas');
  await expectNoA11yViolations(page);
  await shoot(page, 'card-history');
});

test('an invoice says where it stands, with its due date', async ({ page }) => {
  await openHome(page);
  await page.getByRole('link', { name: 'Faturas do Relacionamento' }).first().click();
  await expect(page.getByText(/^Vencimento em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel(/^Situação: (Aberta|Paga|Vencida)$/)).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'invoices');
});

test.describe('in a browser set to English', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/Sao_Paulo' });

  // The native date input would show mm/dd/yyyy here; the period is typed and read as dd/mm/aaaa (decision 144).
  test('the period still reads and takes dd/mm/aaaa, and an impossible date is said in pt-BR', async ({ page }) => {
    await page.goto('/home/transactions');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
    const from = page.getByRole('textbox', { name: 'De', exact: true });
    const to = page.getByRole('textbox', { name: 'Até', exact: true });
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await expect(to).toHaveValue(today);
    await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await from.fill('');
    await from.pressSequentially('31022026');
    await expect(from).toHaveValue('31/02/2026');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(
      page.getByText('Data inexistente ou incompleta: digite dd/mm/aaaa, por exemplo 05/11/2026.'),
    ).toBeVisible();
    await expect(from).toHaveValue('31/02/2026');
    await from.fill('');
    await from.pressSequentially('01022026');
    await expect(from).toHaveValue('01/02/2026');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('Data inexistente ou incompleta', { exact: false })).toHaveCount(0);
    await expect(
      rows(page)
        .first()
        .or(page.getByText(/Nenhuma transação/)),
    ).toBeVisible({ timeout: 30_000 });
    await expect(from).toHaveValue('01/02/2026');
    await expect(to).toHaveValue(today);
  });
});
