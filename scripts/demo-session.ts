// Signs an operator in through the login screen and opens the first company it may manage: where the tools that
// look at signed-in screens (scripts/screenshots.ts, bench/lighthouse.ts, bench/first-row.ts) start from.
import type { Page } from '@playwright/test';

/** Up to the company screen with the first company picked: what is left is the click on ACESSAR. */
export async function signInToCompanyChoice(page: Page, base: string, login: string, password: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Usuário').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ENTRAR' }).click();
  await page.waitForURL(/choose\/company/);
  await page.getByPlaceholder('Escolha uma empresa').click();
  await page.getByRole('option').first().click();
}

export async function signInToFirstCompany(page: Page, base: string, login: string, password: string): Promise<void> {
  await signInToCompanyChoice(page, base, login, password);
  await page.getByRole('button', { name: 'ACESSAR' }).click();
  await page.waitForURL(/\/home/);
}
