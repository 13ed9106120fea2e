// Impact preview (issue 18, item 3; decision 082): the confirmation of a block, a cancel and a 2ª via shows what
// changes for the card: its pending authorizations (the limit screen's used amount), the invoices still to come,
// the limit that returns to the relationship, and a 2ª via already on its way. Dismissing changes nothing.
// Each open confirmation is checked at 360, 768 and 1280 px; IMPACT_SCREENSHOTS=<folder> also writes it there.
import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { firstActiveIn, flash, openCardScreen, openRow } from './support/cards.ts';
import { expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 120_000 });

const PANEL = 'O que muda para este cartão';
const panelOf = (page: Page) => page.getByRole('region', { name: PANEL });
const summaryOf = (page: Page) => page.getByRole('region', { name: 'Resumo do cartão' });

/** The amount beside a label, as shown (R$ 1.234,56). */
const amountBeside = (scope: Locator, label: string | RegExp) =>
  scope.getByText(label, { exact: typeof label === 'string' }).locator('xpath=following-sibling::*[1]');
const cents = async (amount: Locator) => Number((await amount.textContent())?.replace(/\D/g, ''));

/** The limit screen's three figures, in centavos. */
async function limitScreen(page: Page) {
  await openCardScreen(page, 'Gestão de Limite');
  await expect(amountBeside(page.locator('main'), 'Limite de crédito')).toHaveText(/^R\$/);
  return {
    credit: await cents(amountBeside(page.locator('main'), 'Limite de crédito')),
    used: await cents(amountBeside(page.locator('main'), 'Limite utilizado')),
  };
}

/** The open confirmation at the three widths: the panel and the confirm button in reach, axe clean, and a shot. */
async function atEveryWidth(page: Page, name: string) {
  const folder = process.env.IMPACT_SCREENSHOTS;
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : width === 768 ? 1024 : 800 });
    await expect(panelOf(page)).toBeVisible();
    // The answer stays in sight however long the preview is (the buttons stick to the dialog's foot).
    await expect(page.getByRole('dialog').getByRole('button', { name: /^(Confirmar|Sim, cancelar)/ })).toBeInViewport();
    await expectNoA11yViolations(page);
    if (folder) await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The first of the demo's first holders (seeded history, rows only read here) that is active. */
async function openSpender(page: Page) {
  await openHome(page);
  return openRow(page, await firstActiveIn(page, 0, 2));
}

test('block: the confirmation shows the pending authorizations the limit screen counts; dismissing changes nothing', async ({
  page,
}) => {
  await openSpender(page);
  const before = await limitScreen(page);
  expect(before.used).toBeGreaterThan(0);

  await openCardScreen(page, 'Bloqueio / Desbloqueio');
  await page.getByRole('radio', { name: 'Perda' }).check();
  await page.getByRole('button', { name: 'Bloquear cartão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear cartão' });
  await expect(dialog.getByText(/^Confirma o bloqueio do cartão final \d{4}\? Motivo: Perda\.$/)).toBeVisible();
  const panel = panelOf(page);
  const pending = amountBeside(panel, /^\d+ autorizaç(ão|ões)$/);
  await expect(pending).toBeVisible();
  expect(await cents(pending)).toBe(before.used);
  await expect(panel.getByText(/^Compras já aprovadas continuam valendo/)).toBeVisible();
  await expect(panel.getByText(/^Nenhum limite volta ao relacionamento: o cartão bloqueado/)).toBeVisible();
  expect(await cents(amountBeside(panel, 'Limite do cartão'))).toBe(before.credit);
  await expect(panel.getByText('Nenhuma 2ª via a caminho.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirmar bloqueio' })).toBeEnabled();
  await atEveryWidth(page, 'block');

  // Dismissed from the keyboard: the dialog closes, the card is still active and its figures did not move.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(summaryOf(page).getByText('Ativo', { exact: true })).toBeVisible();
  expect(await limitScreen(page)).toEqual(before);
});

test('cancel: the confirmation shows the card’s whole limit returning to the relationship', async ({ page }) => {
  await openSpender(page);
  const before = await limitScreen(page);

  await openCardScreen(page, 'Cancelar conta cartão');
  await page.getByRole('button', { name: 'Cancelar conta cartão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar conta cartão' });
  const panel = panelOf(page);
  const returns = amountBeside(panel, 'Volta ao relacionamento');
  await expect(returns).toBeVisible();
  expect(await cents(returns)).toBe(before.credit);
  const now = await cents(amountBeside(panel, 'Limite livre da empresa hoje'));
  const after = await cents(amountBeside(panel, 'Limite livre da empresa depois'));
  expect(after - now).toBe(before.credit);
  expect(await cents(amountBeside(panel, /^\d+ autorizaç(ão|ões)$/))).toBe(before.used);
  await expect(panel.getByText(/mesmo com a conta cancelada/)).toBeVisible();
  await atEveryWidth(page, 'cancel');

  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toBeHidden();
  await expect(summaryOf(page).getByText('Ativo', { exact: true })).toBeVisible();
  expect(await limitScreen(page)).toEqual(before);
});

test('2ª via already on its way: the next request’s confirmation says so, with its digits and dates', async ({
  page,
}) => {
  await openHome(page);
  // Rows of page 2 no other spec changes.
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await openRow(page, await firstActiveIn(page, 10, 20));

  const shownDigits = summaryOf(page).getByText(/^•••• \d{4}$/);
  const before = await shownDigits.textContent();
  await openCardScreen(page, 'Solicitar 2ª Via');
  await page.getByRole('radio', { name: 'Perda' }).check();
  await page.getByRole('button', { name: 'Solicitar 2ª Via' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar 2ª Via' });
  await expect(panelOf(page).getByText('Nenhuma 2ª via a caminho.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar 2ª via' }).click();
  await flash(page, 'Segunda via solicitada com sucesso!');
  // The summary shows the new plastic's digits once the card is read again.
  await expect(shownDigits).not.toHaveText(before ?? '');
  const digits = ((await shownDigits.textContent()) ?? '').slice(-4);
  await expect(page.getByText('Segunda via solicitada com sucesso!')).toBeHidden();

  await page.getByRole('button', { name: 'Solicitar 2ª Via' }).click();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await expect(
    panelOf(page).getByText(
      new RegExp(
        `^Uma 2ª via \\(final ${digits}\\) foi solicitada em ${today} e deve chegar até \\d{2}/\\d{2}/\\d{4}\\.$`,
      ),
    ),
  ).toBeVisible();
  await expect(
    panelOf(page).getByText(`Uma nova solicitação substitui a 2ª via final ${digits}, que deixa de valer.`),
  ).toBeVisible();
  await atEveryWidth(page, 'second-copy');
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toBeHidden();
  await expect(summaryOf(page).getByText(`•••• ${digits}`, { exact: true })).toBeVisible();
});
