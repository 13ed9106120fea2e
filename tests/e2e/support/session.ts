// The sign-in steps every E2E test that needs a session goes through, as an operator would.
import { expect, type Page } from '@playwright/test';
import { E2E } from './env.ts';

export async function openLogin(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeEnabled();
}

export async function signIn(page: Page, login = E2E.login, password = E2E.password) {
  await page.getByLabel('Usuário').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ENTRAR' }).click();
}

/** Picks a company in the 'Escolha uma empresa' dropdown (the first one unless a name is given) and enters. */
export async function chooseCompany(page: Page, name?: string | RegExp): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Escolha a empresa' })).toBeVisible({ timeout: E2E.passwordWorkMs });
  await page.getByPlaceholder('Escolha uma empresa').click();
  const option = name ? page.getByRole('option', { name }) : page.getByRole('option').first();
  const chosen = (await option.textContent())?.trim() ?? '';
  await option.click();
  await page.getByRole('button', { name: 'ACESSAR' }).click();
  return chosen;
}

export async function signInToHome(page: Page) {
  await openLogin(page);
  await signIn(page);
  const company = await chooseCompany(page);
  await expect(page).toHaveURL(/\/home$/);
  return company;
}
