// The cards search and a card's own address (issue 27), provider to screen at 1280 px: a holder found by a word of
// the name typed without accents, and by the card's last four digits; the whole row opens the card at its address;
// a reload of that address shows the same card. With SHOTS_DIR set it also leaves screenshots of the search and of
// the details after a reload at 360, 768 and 1280 px there, for a person to look at.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { COMPANY_A, listOf, listRows } from './support/cards.ts';
import { E2E } from './support/env.ts';
import { chooseCompany, signIn } from './support/session.ts';
import { expect, openHome, SIGNED_OUT, test } from './support/signed-in.ts';

const RESULTS = 'Resultado da busca';
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar por nome, CPF ou final do cartão' });
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Name and last four digits of the list's first row: a seeded active holder no other test changes. */
async function firstHolder(page: Page) {
  const cells = listRows(page).first().getByRole('cell');
  return { name: (await cells.nth(0).textContent()) ?? '', last4: (await cells.nth(2).textContent()) ?? '' };
}

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

test.describe('cards search', () => {
  test.describe.configure({ timeout: 120_000 });

  test('finds a holder by a word of the name without accents and by the last four digits', async ({ page }) => {
    await openHome(page);
    const holder = await firstHolder(page);
    const word = fold(holder.name.split(' ').at(-1) ?? '').slice(0, 4);

    await searchBox(page).fill(word);
    const results = listOf(page, RESULTS);
    await expect(results.getByText(holder.name, { exact: true })).toBeVisible();
    for (const name of await listRows(page, RESULTS).getByRole('cell').first().allTextContents())
      expect(
        fold(name)
          .split(' ')
          .some((w) => w.startsWith(word)),
      ).toBe(true);
    await expect(page.getByText(/Resultado da busca: \d+ cart/)).toBeVisible();
    // The spec's CPF box stays beside the search.
    await expect(page.getByRole('textbox', { name: 'CPF do portador' })).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'list-search-name');

    await searchBox(page).fill(holder.last4);
    await expect(results.getByText(holder.name, { exact: true })).toBeVisible();
    await expect(listRows(page, RESULTS).first()).toContainText(holder.last4);

    await page.getByRole('button', { name: 'Limpar busca' }).click();
    await expect(listOf(page)).toBeVisible();
  });

  test('a row opens its card at its own address, which a reload opens again', async ({ page }) => {
    await openHome(page);
    const holder = await firstHolder(page);
    await searchBox(page).fill(holder.last4);
    const row = listRows(page, RESULTS).filter({ hasText: holder.name }).first();
    // A click on the row itself, not on its Detalhes button.
    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/home\/details\/[0-9a-f-]{36}$/);
    // The holder's name in the summary's list (the card image repeats it, hidden from assistive technology).
    const summary = page.getByRole('region', { name: 'Resumo do cartão' }).getByRole('definition');
    await expect(summary.getByText(holder.name, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Detalhes do cartão · fidis');
    const address = page.url();

    await page.reload();
    await expect(page).toHaveURL(address);
    await expect(summary.getByText(holder.name, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle('Detalhes do cartão · fidis');
    await shoot(page, 'details-after-reload');

    // A sub-screen's address too: the tab keeps the card in its link.
    await page.getByRole('navigation', { name: 'Abas do cartão' }).getByRole('link', { name: 'Transações' }).click();
    await expect(page).toHaveURL(`${address}/history`);
    await page.reload();
    await expect(summary.getByText(holder.name, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle('Transações · Detalhes do cartão · fidis');
  });

  test('Enter on a focused row opens the card', async ({ page }) => {
    await openHome(page);
    const holder = await firstHolder(page);
    await listRows(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home\/details\/[0-9a-f-]{36}$/);
    await expect(
      page
        .getByRole('region', { name: 'Resumo do cartão' })
        .getByRole('definition')
        .getByText(holder.name, { exact: true }),
    ).toBeVisible();
  });

  test('a shared address opens the card for a colleague once signed in and in the company', async ({
    page,
    browser,
  }) => {
    await openHome(page);
    const holder = await firstHolder(page);
    await listRows(page).first().getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/home\/details\/[0-9a-f-]{36}$/);
    const address = new URL(page.url()).pathname;

    // Another browser, nobody signed in: the address is remembered through the sign-in and the company choice.
    const other = await browser.newContext({ baseURL: E2E.baseURL, locale: 'pt-BR', storageState: SIGNED_OUT });
    try {
      const colleague = await other.newPage();
      await colleague.goto(`${address}/limit`);
      await expect(colleague.getByRole('button', { name: 'ENTRAR' })).toBeEnabled();
      await signIn(colleague);
      await chooseCompany(colleague, COMPANY_A);
      await expect(colleague).toHaveURL(`${E2E.baseURL}${address}/limit`, { timeout: E2E.passwordWorkMs });
      await expect(
        colleague
          .getByRole('region', { name: 'Resumo do cartão' })
          .getByRole('definition')
          .getByText(holder.name, { exact: true }),
      ).toBeVisible();
      await expect(colleague).toHaveTitle('Gestão de Limite · Detalhes do cartão · fidis');
    } finally {
      await other.close();
    }
  });
});
