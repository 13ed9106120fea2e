// The signed-in frame as an operator meets it at every width: the card tabs all fit (or wrap) and can be clicked,
// the menu is a sidebar from 992 px and a drawer (with Sair) below it, it marks the current page and navigates, and
// 'Gestão de usuários' both navigates and opens its sub-list, in the sidebar and in the drawer.
import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { openRow } from './support/cards.ts';
import { expect, openHome, SIGNED_IN_COMPANY, test } from './support/signed-in.ts';

/** The widths each project checks: its own, and the desktop project also the drawer edge and a wide screen. */
const WIDTHS: Record<string, number[]> = {
  'mobile-360': [360],
  'tablet-768': [768],
  'desktop-1280': [992, 1280, 1920],
};

const CARD_TABS = [
  'Dados do portador',
  'Bloqueio / Desbloqueio',
  'Solicitar 2ª Via',
  'Desbloqueio de senha',
  'Gestão de Limite',
  'Transações',
  'Cancelar conta cartão',
  // Issue 30's screens, after the spec's.
  'Controles de gasto',
  'Cartões virtuais',
];

/** The element is wholly inside `outer` and nothing covers its centre, so a click lands on it. */
async function expectWhollyInsideAndClickable(tab: Locator, outer: { x: number; width: number }, name: string) {
  const box = await tab.boundingBox();
  expect(box, `${name} has a box`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${name} starts inside`).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(box.x + box.width, `${name} ends inside`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  const onTop = await tab.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(onTop, `${name} is not covered`).toBe(true);
}

async function expectTabsFit(page: Page, width: number) {
  const nav = page.getByRole('navigation', { name: 'Abas do cartão' });
  await expect(nav).toBeVisible();
  const navBox = await nav.boundingBox();
  expect(navBox).not.toBeNull();
  if (!navBox) return;
  // The tab bar itself stays inside the viewport, and every tab inside the bar.
  expect(navBox.x + navBox.width).toBeLessThanOrEqual(width + 0.5);
  await expect(nav.getByRole('link')).toHaveText(CARD_TABS);
  for (const name of CARD_TABS) {
    const tab = nav.getByRole('link', { name, exact: true });
    await tab.scrollIntoViewIfNeeded();
    await expectWhollyInsideAndClickable(tab, navBox, `${name} at ${width} px`);
  }
}

test('every card tab fits or wraps, and each one is whole and clickable, even when active', async ({ page }, info) => {
  test.setTimeout(120_000);
  await openHome(page);
  await openRow(page, 0);
  for (const width of WIDTHS[info.project.name] ?? []) {
    await page.setViewportSize({ width, height: 900 });
    await expectTabsFit(page, width);
    // The last two were the ones cut off at 1280 px: open them through their tabs and look again.
    for (const [name, path] of [
      // The tabs carry the card's own address (decision 117).
      ['Transações', /\/home\/details\/[0-9a-f-]{36}\/history$/],
      ['Cancelar conta cartão', /\/home\/details\/[0-9a-f-]{36}\/cancel$/],
    ] as const) {
      const tab = page.getByRole('navigation', { name: 'Abas do cartão' }).getByRole('link', { name, exact: true });
      await tab.click();
      await expect(page).toHaveURL(path);
      await expect(tab).toHaveAttribute('aria-current', 'page');
      await expectTabsFit(page, width);
    }
    await page
      .getByRole('navigation', { name: 'Abas do cartão' })
      .getByRole('link', { name: 'Dados do portador' })
      .click();
  }
});

test('"Gestão de usuários" goes to Criar Usuário and opens its sub-list', async ({ page }) => {
  await openHome(page);
  const wide = (page.viewportSize()?.width ?? 0) >= 992;
  let menu: Locator;
  if (wide) {
    menu = page
      .getByRole('complementary', { name: 'Barra lateral' })
      .getByRole('navigation', { name: 'Menu principal' });
  } else {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    menu = page.getByRole('dialog').getByRole('navigation', { name: 'Menu principal' });
  }
  await expect(menu.getByRole('link', { name: 'Criar Usuário' })).toHaveCount(0);
  await menu.getByText('Gestão de usuários', { exact: true }).click();

  await expect(page).toHaveURL(/\/home\/user\/management$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Criar Usuário' })).toBeVisible();
  // The sub-list is open where it was clicked, its first item the current page.
  await expect(menu.getByRole('link', { name: 'Criar Usuário' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Gerenciar Usuários' }).click();
  await expect(page).toHaveURL(/\/home\/user\/management\/manage$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Gerenciar Usuários' })).toBeVisible();
});

test("the users' area's two tabs are whole at its width, on either tab, with nothing faded out of view", async ({
  page,
}) => {
  const width = page.viewportSize()?.width ?? 0;
  await openHome(page);
  for (const path of ['/home/user/management', '/home/user/management/manage']) {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: 'Abas de gestão de usuários' });
    await expect(nav.getByRole('link')).toHaveText(['Criar Usuário', 'Gerenciar Usuários']);
    // A fade at an edge says the row hides a tab that way (decision 140); two tabs need none.
    await expect(nav).not.toHaveAttribute('data-more-start');
    await expect(nav).not.toHaveAttribute('data-more-end');
    for (const name of ['Criar Usuário', 'Gerenciar Usuários']) {
      await expectWhollyInsideAndClickable(nav.getByRole('link', { name }), { x: 0, width }, `${name} on ${path}`);
    }
  }
});

test('the menu marks the current page and navigates', async ({ page }) => {
  await openHome(page);
  await openMenuIfCollapsed(page);
  await page.getByRole('link', { name: 'Faturas do Relacionamento' }).first().click();
  await expect(page).toHaveURL(/\/home\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Faturas do Relacionamento' })).toBeVisible();
  await openMenuIfCollapsed(page);
  await expect(page.getByRole('link', { name: 'Faturas do Relacionamento' }).first()).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('below 992 px a drawer repeats the menu and adds Sair; above, the sidebar stays open', async ({ page }) => {
  await openHome(page);
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  if (page.viewportSize()!.width >= 992) {
    await expect(burger).toBeHidden();
    await expect(page.getByRole('link', { name: 'Cartões da Empresa' }).first()).toBeVisible();
    return;
  }
  await burger.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Cartões da Empresa' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: SIGNED_IN_COMPANY })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Sair' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the sidebar is built only where it shows: gone below 992 px, back with its menu when the window widens', async ({
  page,
}) => {
  // Issue 27: hidden by CSS on a phone, the sidebar was still built with its menus and scroll area on every screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openHome(page);
  const sidebar = page.locator('aside');
  await expect(sidebar.getByRole('link', { name: 'Cartões da Empresa' })).toBeVisible();
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  await expect(sidebar).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(sidebar.getByRole('link', { name: 'Cartões da Empresa' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Sair' })).toBeVisible();
});

async function openMenuIfCollapsed(page: Page) {
  if (page.viewportSize()!.width >= 992) return;
  // A drawer still closing after a navigation would take the click: wait until it is gone.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
}

test('the company is named at every width, and a card screen has one navigation for the card (issue 27)', async ({
  page,
}, info) => {
  await openHome(page);
  await openRow(page, 0);
  for (const width of WIDTHS[info.project.name] ?? []) {
    await page.setViewportSize({ width, height: 900 });
    const company = page.getByRole('banner').getByTestId('header-company');
    await expect(company).toBeVisible();
    await expect(company).toContainText(SIGNED_IN_COMPANY);
    // The whole name, not cut with an ellipsis (below 576 px without the "Você está na empresa:" before it).
    expect(await company.evaluate((el) => el.scrollWidth <= el.clientWidth), `the name whole at ${width} px`).toBe(
      true,
    );
    // Not cut off the top bar's right edge.
    const box = await company.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width + 0.5);
    // The tabs, and no second copy of the card's menu in the sidebar (nor in the drawer below 992 px).
    await expect(page.getByRole('navigation', { name: 'Abas do cartão' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu do cartão' })).toHaveCount(0);
  }
});

test("the screen's title is whole in the top bar at every width, the longest ones too (issue 27)", async ({
  page,
}, info) => {
  await openHome(page);
  for (const [path, title] of [
    ['/home/invoices', 'Faturas do Relacionamento'],
    ['/home/account/second_factor', 'Verificação em duas etapas'],
    ['/home/transactions', 'Transações da empresa'],
  ] as const) {
    await page.goto(path);
    const heading = page.getByRole('banner').getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(title);
    for (const width of WIDTHS[info.project.name] ?? []) {
      await page.setViewportSize({ width, height: 900 });
      // Neither cut at the end of a line nor a line clamped off: the text takes the room it needs.
      const cut = await heading.evaluate(
        (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
      );
      expect(cut, `"${title}" whole at ${width} px`).toBe(false);
      // Inside the top bar, the company's name below it too.
      const bar = await page.getByRole('banner').boundingBox();
      const company = await page.getByRole('banner').getByTestId('header-company').boundingBox();
      expect(
        bar && company && company.y + company.height,
        `the company inside the bar at ${width} px`,
      ).toBeLessThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0) + 0.5);
    }
  }
});

test('the first Tab shows "Pular para o conteúdo", and Enter takes the keyboard past the header and menu to the screen', async ({
  page,
}, info) => {
  await openHome(page);
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  // Off screen until the keyboard reaches it: nothing of it shows to a pointer user.
  const hidden = await skip.boundingBox();
  expect(hidden === null || hidden.y + hidden.height <= 0, 'hidden above the page before focus').toBe(true);
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const shown = await skip.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(shown, `visible at ${info.project.name}`).not.toBeNull();
  if (shown) {
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(width);
  }
  // Nothing covers it: it is what a click at its centre reaches.
  await expectWhollyInsideAndClickable(skip, { x: 0, width }, 'the skip link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/\/home$/);
  // The next Tab lands inside the screen, not back in the header or the menu.
  await page.keyboard.press('Tab');
  const inScreen = await page.evaluate(() => {
    const active = document.activeElement;
    return active !== null && active !== document.body && document.querySelector('main')?.contains(active) === true;
  });
  expect(inScreen, 'the next Tab is inside the screen').toBe(true);
});
