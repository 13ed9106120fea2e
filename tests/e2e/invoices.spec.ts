// The relationship's invoices, provider to screen: the due-date selector and the date it opens on, a complete
// invoice, one with values not reported (dashes) and a due date without an invoice. Read-only.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { expect, test } from './support/signed-in.ts';

const CLOSING_DAYS = 10;
const DUE_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const MONEY = /^R\$ \d{1,3}(\.\d{3})*,\d{2}$/;

/** dd/mm/yyyy → the day its invoice closes (the seed closes invoices 10 days before they are due). */
function closed(label: string, today: Date): boolean {
  const [d, m, y] = label.split('/').map(Number);
  const closing = Date.UTC(y!, m! - 1, d!) - CLOSING_DAYS * 24 * 60 * 60 * 1000;
  return closing <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

const dueDateSelect = (page: Page) => page.getByRole('combobox', { name: 'Data de vencimento' });

/** The signed-in state's company is Transportadora Horizonte, whose invoices the seed writes. */
async function openInvoices(page: Page) {
  await page.goto('/home/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Faturas do Relacionamento' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(dueDateSelect(page)).toBeEnabled({ timeout: 20_000 });
}

async function options(page: Page): Promise<string[]> {
  await dueDateSelect(page).click();
  const list = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return list;
}

async function choose(page: Page, label: string) {
  await dueDateSelect(page).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(dueDateSelect(page)).toHaveValue(label);
}

const blockValue = (page: Page, block: string, label: string) =>
  page
    .getByRole('region', { name: block })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

test.describe('invoices of the relationship', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a complete invoice, one with dashes and a due date without an invoice', async ({ page }) => {
    await openInvoices(page);
    const labels = await options(page);
    expect(labels.length).toBeGreaterThanOrEqual(8);
    expect(labels.every((l) => DUE_DATE.test(l))).toBe(true);
    expect(labels.every((l) => l.startsWith('22/'))).toBe(true);
    const closedOnes = labels.filter((l) => closed(l, new Date()));
    const [complete, partial, missing] = closedOnes as [string, string, string];
    // The screen opens on the newest invoice there is, whatever the day: from the 1st to the 11th of a month the
    // newest due date's cycle is still open and has none, and is passed over (decision 152).
    await expect(dueDateSelect(page)).toHaveValue(complete);
    await expect(page.getByTestId('invoice-total')).toHaveText(MONEY);

    // The newest closed due date: every value, money in pt-BR, the digitable line with its copy button.
    await choose(page, complete);
    const [, month, year] = complete.split('/');
    const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(Number(year), Number(month) - 1, 1)),
    );
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`^Fatura de ${monthName} de ${year}$`, 'i') }),
    ).toBeVisible();
    await expect(page.getByTestId('invoice-total')).toHaveText(MONEY);
    await expect(page.getByText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();
    for (const [block, label] of [
      ['Saldo', 'Saldo anterior'],
      ['Saldo', 'Pagamentos e créditos'],
      ['Saldo', 'Encargos'],
      ['Saldo', 'Saldo atual'],
      ['Despesas', 'Nacionais'],
      ['Despesas', 'Internacionais'],
      ['Saques', 'Nacionais'],
      ['Saques', 'Internacionais'],
      ['Outros', 'Débitos'],
      ['Outros', 'Créditos'],
      ['Outros', 'Tarifas'],
    ] as const) {
      await expect(blockValue(page, block, label), `${block} / ${label}`).toHaveText(MONEY);
    }
    await expectNoA11yViolations(page);

    // The one before: the values the platform did not report are dashes, the others are still there.
    await choose(page, partial);
    await expect(blockValue(page, 'Despesas', 'Internacionais')).toHaveText('—');
    await expect(blockValue(page, 'Saques', 'Internacionais')).toHaveText('—');
    await expect(blockValue(page, 'Outros', 'Créditos')).toHaveText('—');
    await expect(blockValue(page, 'Despesas', 'Nacionais')).toHaveText(MONEY);
    await expect(page.getByTestId('invoice-total')).toHaveText(MONEY);

    // A due date without an invoice.
    await choose(page, missing);
    await expect(page.getByText('Fatura indisponível', { exact: true })).toBeVisible();
    await expect(page.getByTestId('invoice-total')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
