// The cards list as an operator sees it, at any width: a table from 576 px, labelled items below it.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { chooseCompany, openLogin, signIn } from './session.ts';

export const COMPANY_A = /Transportadora Horizonte/;
export const LIST_LABEL = 'Cartões da empresa';

const BY_PROJECT = ['mobile-360', 'tablet-768', 'desktop-1280'];

/** 0, 1 or 2: the width this test runs at, so tests that change a card pick a different one per width. */
export function widthSlot(info: TestInfo): number {
  const i = BY_PROJECT.indexOf(info.project.name);
  if (i < 0) throw new Error(`no slot for project ${info.project.name}`);
  return i;
}

export async function signInToCompany(page: Page, company: RegExp = COMPANY_A, login?: string) {
  await openLogin(page);
  await signIn(page, login);
  await chooseCompany(page, company);
  await expect(page).toHaveURL(/\/home$/);
  await expect(listRows(page).first()).toBeVisible({ timeout: 30_000 });
}

/** The container of the list: the table, or the list of items at 360 px. */
export const listOf = (page: Page, label = LIST_LABEL): Locator =>
  page.locator(`table[aria-label="${label}"], ul[aria-label="${label}"]`);

export const listRows = (page: Page, label = LIST_LABEL): Locator =>
  listOf(page, label).locator(':scope > tbody > tr, :scope > li');

/**
 * Waits until no table or list of the page is still drawing rows: a new long list draws its first rows, then the
 * rest, and says it is busy meanwhile (ui/responsive-table.tsx). Before counting rows or comparing them to a file.
 */
export const everyRowDrawn = (page: Page) =>
  expect(page.locator('table[aria-busy="true"], ul[aria-busy="true"]')).toHaveCount(0);

export interface ListRow {
  name: string;
  cpf: string;
  status: 'Ativo' | 'Inativo';
}

export async function readRows(page: Page, label = LIST_LABEL): Promise<ListRow[]> {
  const rows = listRows(page, label);
  await expect(rows.first()).toBeVisible();
  await everyRowDrawn(page);
  const texts = await rows.allTextContents();
  const names = await rows
    .getByRole('button', { name: /^Detalhes/ })
    .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? '').replace(/^Detalhes: /, '')));
  return texts.map((text, i) => ({
    name: names[i] ?? '',
    cpf: /\d{3}\.\d{3}\.\d{3}-\d{2}/.exec(text)?.[0] ?? '',
    status: text.includes('Inativo') ? 'Inativo' : 'Ativo',
  }));
}

/** The first Ativo row among the rows [from, to] of the page shown. */
export async function firstActiveIn(page: Page, from: number, to: number): Promise<number> {
  const rows = await readRows(page);
  for (let i = from; i <= to; i++) if (rows[i]?.status === 'Ativo') return i;
  throw new Error(`no Ativo row between ${from} and ${to}`);
}

export async function openRow(page: Page, index: number): Promise<ListRow> {
  const row = (await readRows(page))[index]!;
  await listRows(page)
    .nth(index)
    .getByRole('button', { name: /^Detalhes/ })
    .click();
  await expect(page).toHaveURL(/\/home\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Resumo do cartão' })).toBeVisible();
  return row;
}

/** A card sub-screen through the tab menu, as an operator clicks it. */
export async function openCardScreen(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Abas do cartão' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

export async function goToPage(page: Page, n: number) {
  await page.getByRole('button', { name: `Página ${n}`, exact: true }).click();
  await expect(page.getByText(new RegExp(`^Página ${n} de \\d+$`))).toBeVisible();
}

/** A flash notification with this exact text. */
export const flash = (page: Page, text: string) =>
  expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
