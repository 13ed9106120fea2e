// A limit change, as an operator sees it across screens: the typed value is the card's new available limit (spec
// section 2; decision 102), what the card spent stays put (issue 13, item 1), so the credit limit becomes the two
// together, on the summary panel and the limit screen, before and after a reload; the company screen's committed and
// free figures move by the difference. A change past the relationship's free limit shows its reason, changes nothing.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { firstActiveIn, flash, openCardScreen, openRow, widthSlot } from './support/cards.ts';
import { withCompanyLimit } from './support/company-limit.ts';
import { expect, openHome, test } from './support/signed-in.ts';

const cents = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const brl = (c: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100).replace(/\u00a0/g, ' ');
const typed = (c: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(c / 100);

/** The summary panel's limit, used and available, in centavos. */
async function summaryFigures(page: Page) {
  const summary = page.getByRole('region', { name: 'Resumo do cartão' });
  const value = async (label: string) =>
    cents(await summary.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent());
  await expect(summary.getByText('Utilizado', { exact: true })).toBeVisible();
  return { limit: await value('Limite'), used: await value('Utilizado'), available: await value('Disponível') };
}

/** The limit screen's three figures, in centavos. */
async function limitScreenFigures(page: Page) {
  const value = async (label: string) =>
    cents(await page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent());
  await expect(page.getByText('Limite de crédito', { exact: true })).toBeVisible();
  return {
    limit: await value('Limite de crédito'),
    used: await value('Limite utilizado'),
    available: await value('Limite disponível'),
  };
}

/** The company screen's committed and free figures, in centavos, opened from the company name as an operator does. */
async function companyFigures(page: Page) {
  await page
    .locator('aside')
    .getByRole('link', { name: /Transportadora Horizonte/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão da Empresa' })).toBeVisible();
  const value = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Comprometido com cartões')).toHaveText(/^R\$ /);
  await expect(value('Livre para novos cartões e aumentos')).toHaveText(/^R\$ /);
  return {
    total: cents(await value('Limite total').textContent()),
    committed: cents(await value('Comprometido com cartões').textContent()),
    free: cents(await value('Livre para novos cartões e aumentos').textContent()),
  };
}

/**
 * Types an available limit as cents; the screen says the credit limit it makes before anything is sent, then asks:
 * atual → novo, 'Cancelar' focused (Enter does no harm), a cut said as one; 'Confirmar alteração' sends it.
 */
async function typeLimit(page: Page, value: number, used: number, current: number) {
  const input = page.getByRole('textbox', { name: 'Novo limite disponível' });
  await input.fill('');
  await input.pressSequentially(String(value));
  await expect(input).toHaveValue(typed(value));
  await expect(page.getByText(/^Limite de crédito após a alteração:/)).toHaveText(
    `Limite de crédito após a alteração: ${brl(value + used)} (${brl(value)} disponíveis + ${brl(used)} já utilizados).`,
  );
  await page.getByRole('button', { name: 'Alterar limite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar alteração de limite' });
  await expect(dialog.getByTestId('limit-current')).toHaveText(brl(current).replace(' ', '\u00a0'));
  await expect(dialog.getByTestId('limit-next')).toHaveText(brl(value).replace(' ', '\u00a0'));
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  if (value < current) await expect(dialog.getByText(/^Redução de R\$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar alteração' }).click();
}

test.describe.configure({ timeout: 180_000 });

test('a limit change keeps what was spent, on every screen and after a reload; a refusal changes nothing', async ({
  page,
}, info) => {
  await openHome(page);
  // From the first reading of the company's figures to the last, no other worker moves them.
  await withCompanyLimit(async () => {
    const company = await companyFigures(page);
    expect(company.committed + company.free).toBe(company.total);

    // A card of the demo's first holders, which have spend; each width takes rows of its own.
    await page.goto('/home');
    const slot = widthSlot(info);
    const [from, to] = ([
      [40, 43],
      [44, 46],
      [47, 49],
    ][slot] ?? [40, 43]) as [number, number];
    let before = { limit: 0, used: 0, available: 0 };
    for (let index = from; index <= to && before.used === 0; index++) {
      if (index > from) await page.goto('/home');
      await openRow(page, await firstActiveIn(page, index, to));
      before = await summaryFigures(page);
    }
    expect(before.used).toBeGreaterThan(0);
    expect(before.available + before.used).toBe(before.limit);

    await openCardScreen(page, 'Gestão de Limite');
    expect(await limitScreenFigures(page)).toEqual(before);
    await expect(page.getByText(/Passa a ser o limite disponível do cartão/)).toBeVisible();

    // The spec's reading: R$ 500,00 typed is R$ 500,00 available; the credit limit becomes that plus what was used.
    const available = 500_00;
    const wanted = before.used + available;
    await typeLimit(page, available, before.used, before.available);
    await flash(page, 'Limite alterado com sucesso!');
    const after = { limit: wanted, used: before.used, available };
    await expect(
      page.getByText('Limite de crédito', { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText(brl(wanted));
    await expect.poll(() => limitScreenFigures(page)).toEqual(after);
    await expect.poll(() => summaryFigures(page)).toEqual(after);
    await expectNoA11yViolations(page);

    await page.reload();
    await expect.poll(() => limitScreenFigures(page)).toEqual(after);
    await expect.poll(() => summaryFigures(page)).toEqual(after);

    // Refused: an available limit whose credit limit would pass what the relationship has free. The spec's failure
    // text, the most this card may have available beside it, and nothing moved.
    const most = available + company.free - (wanted - before.limit);
    await typeLimit(page, most + 1, before.used, available);
    await flash(page, 'Ocorreu um erro ao alterar o limite!');
    await expect(
      page.getByRole('alert').filter({ hasText: `este cartão pode ter até ${brl(most)} disponíveis.` }),
    ).toBeVisible();
    await page.reload();
    await expect.poll(() => limitScreenFigures(page)).toEqual(after);
    await expect.poll(() => summaryFigures(page)).toEqual(after);

    // The company's figures moved by the difference.
    const moved = await companyFigures(page);
    expect(moved.committed - company.committed).toBe(wanted - before.limit);
    expect(moved.free - company.free).toBe(before.limit - wanted);
    await expectNoA11yViolations(page);
  });
});
