// The lifecycle radar (issue 18, item 5; decision 083): counts on /home that open their lists with as many rows,
// the filter, a card opened from a list, and the bulk block of unused cards, whose dismissed confirmation changes
// nothing.
import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { listRows } from './support/cards.ts';
import { expect, openHome, test } from './support/signed-in.ts';

test.describe.configure({ timeout: 120_000 });

const PANEL = 'Cartões que pedem atenção';
const PASSWORD = 'Com senha bloqueada';
const UNUSED = 'Sem uso há 45 dias';
const EXPIRING = 'Vencem em 60 dias';
/** Set to a folder to keep screenshots of /home with the radar and of a list at 360, 768 and 1280 px. */
const SHOTS = process.env.RADAR_SCREENSHOTS;

const panel = (page: Page): Locator => page.getByRole('region', { name: PANEL });
const countLink = (page: Page, label: string): Locator =>
  panel(page).getByRole('link', { name: new RegExp(`^[\\d.]+ ${label}`) });

async function countOf(page: Page, label: string): Promise<number> {
  const text = (await countLink(page, label).locator('span').first().textContent()) ?? '';
  return Number(text.replace(/\./g, ''));
}

async function openList(page: Page, label: string, slug: string) {
  await countLink(page, label).click();
  await expect(page).toHaveURL(new RegExp(`/home/radar/${slug}$`));
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
}

async function shoot(page: Page, name: string, scrollTo?: Locator) {
  if (!SHOTS) return;
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : width === 768 ? 1024 : 800 });
    if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the radar’s counts open lists of as many cards; the filter narrows one; a row opens its card', async ({
  page,
}) => {
  await openHome(page);
  await expect(panel(page).getByRole('link')).toHaveCount(5);
  const locked = await countOf(page, PASSWORD);
  expect(locked).toBeGreaterThan(0);
  expect(locked).toBeLessThanOrEqual(50);
  await expectNoA11yViolations(page);
  await shoot(page, 'home', panel(page));
  // On a phone the panel is one line that opens on request, so the cards list stays on the first screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(panel(page).getByRole('link')).toHaveCount(0);
  await expect(panel(page).getByText(/^\d listas? com pendências\.$/)).toBeVisible();
  await expect(listRows(page).first()).toBeInViewport();
  await panel(page).getByRole('button', { name: 'Mostrar' }).click();
  await expect(countLink(page, PASSWORD)).toBeVisible();
  expect(await countOf(page, PASSWORD)).toBe(locked);
  await expectNoA11yViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-360-open.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await openList(page, PASSWORD, 'password-blocked');
  const rows = listRows(page, PASSWORD);
  await expect(rows).toHaveCount(locked);
  await expect(page.getByText(`${locked} cartões nesta lista`)).toBeVisible();
  await expectNoA11yViolations(page);

  // The filter: the first row's CPF, masked as the list shows it, leaves that card alone.
  const cpf = /\d{3}\.\d{3}\.\d{3}-\d{2}/.exec((await rows.first().textContent()) ?? '')?.[0] ?? '';
  expect(cpf).not.toBe('');
  const name = (
    await rows
      .first()
      .getByRole('button', { name: /^Detalhes/ })
      .getAttribute('aria-label')
  )?.replace(/^Detalhes: /, '');
  await page.getByRole('textbox', { name: 'Filtrar por nome, CPF ou final do cartão' }).fill(cpf);
  await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
  await expect(page.getByText(`Resultado do filtro “${cpf}”`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Filtrar por nome, CPF ou final do cartão' }).fill('Zzzz Ninguém');
  await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
  await expect(page.getByText('Nenhum cartão desta lista corresponde ao filtro.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtro' }).click();
  await expect(rows).toHaveCount(locked);

  // A row opens its card, as the cards list does.
  await rows
    .filter({ hasText: cpf })
    .getByRole('button', { name: /^Detalhes/ })
    .click();
  await expect(page).toHaveURL(/\/home\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Resumo do cartão' })).toBeVisible();
  await expect(page.getByText(name ?? '—').first()).toBeVisible();
});

test('unused cards: a dismissed confirmation blocks nothing; a confirmed one blocks each card and says so', async ({
  page,
}) => {
  await openHome(page);
  const before = await countOf(page, UNUSED);
  expect(before).toBeGreaterThan(1);
  await openList(page, UNUSED, 'unused');
  const rows = listRows(page, UNUSED);
  await expect(rows.first()).toBeVisible();
  const first = rows.nth(0);
  const second = rows.nth(1);
  await first.getByRole('checkbox').check();
  await second.getByRole('checkbox').check();
  await expect(page.getByText('2 cartões selecionados')).toBeVisible();
  await page.getByRole('button', { name: 'Bloquear selecionados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear cartões sem uso' });
  await expect(dialog.getByText(/Os 2 cartões selecionados serão bloqueados temporariamente/)).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'bulk-confirm');

  // Dismissed: nothing sent, the count and the rows as they were.
  await dialog.getByRole('button', { name: 'Cancelar' }).first().click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByText(`${before} cartões nesta lista`)).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'list-unused', page.getByRole('heading', { level: 2, name: UNUSED }));

  // Confirmed for one card: it is blocked, the result names it, and it leaves the list.
  const holder = (
    await rows
      .nth(0)
      .getByRole('button', { name: /^Detalhes/ })
      .getAttribute('aria-label')
  )?.replace(/^Detalhes: /, '') as string;
  await rows.nth(0).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Bloquear selecionados' }).click();
  await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: 'Resultado do bloqueio' });
  await expect(result.getByText('1 cartão bloqueado.')).toBeVisible();
  await expect(result.getByRole('listitem').filter({ hasText: holder })).toContainText('Bloqueado');
  await expect(page.getByText(`${before - 1} cartões nesta lista`)).toBeVisible();
  await expect(rows.filter({ hasText: holder })).toHaveCount(0);

  // The next keyset page joins the rows shown.
  await expect(rows).toHaveCount(50);
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(rows).toHaveCount(Math.min(100, before - 1));
  await expect(page.getByText(`Mostrando ${Math.min(100, before - 1)} de ${before - 1}`)).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, 'bulk-result');

  await page.getByRole('link', { name: /Voltar aos cartões/ }).click();
  await expect(countLink(page, UNUSED)).toBeVisible();
  expect(await countOf(page, UNUSED)).toBe(before - 1);
});

test('the expiring list is soonest first; an unknown list says so', async ({ page }) => {
  await openHome(page);
  const expiring = await countOf(page, EXPIRING);
  await openList(page, EXPIRING, 'expiring');
  const rows = listRows(page, EXPIRING);
  await expect(rows).toHaveCount(Math.min(expiring, 50));
  const dates = (await rows.allTextContents()).map((t) => {
    const [d, m, y] = (/(\d{2})\/(\d{2})\/(\d{4})/.exec(t) ?? []).slice(1);
    return `${y}-${m}-${d}`;
  });
  expect([...dates].sort()).toEqual(dates);
  await shoot(page, 'list-expiring', page.getByRole('heading', { level: 2, name: EXPIRING }));

  await page.goto('/home/radar/tudo');
  await expect(page.getByRole('alert').filter({ hasText: 'Esta lista do radar não existe.' })).toBeVisible({
    timeout: 30_000,
  });
});
